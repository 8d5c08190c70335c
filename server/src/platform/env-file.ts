// The settings file (/etc/studio/studio.env) read as systemd reads a unit's `EnvironmentFile=`, so the service and the
// tools (npm run backup, restore, admin, deploy) get the same values from the same text. The rules are systemd's
// (src/basic/env-file.c, parse_env_file_internal, systemd 252), not dotenv's:
//
// - One `KEY=value` per line; spaces around the key and before the value are dropped. A line starting with `#` or `;`
//   is a comment; a line without `=` is ignored.
// - An unquoted value runs to the end of the line, spaces inside kept and trailing spaces dropped:
//   `MODEL_NAME=Ava Monroe` is "Ava Monroe". A `#` inside a value is part of it (dotenv would cut a comment there).
// - `"..."` keeps everything inside; a backslash there escapes only `"`, `\`, `` ` `` and `$` (any other backslash is
//   kept), and a backslash before a line break joins the lines. `'...'` keeps everything inside, backslashes too.
// - Outside quotes a backslash takes the next character as it is, and before a line break joins the lines.
// - After a closing quote, spaces are skipped and what follows is appended: `A="x" y` is "xy".
// - Nothing is expanded: `$HOME` and `${X}` stay as written (dotenv-expand would substitute them).
// - A key must be a shell name (`[A-Za-z_][A-Za-z0-9_]*`); other lines are skipped. The last assignment of a key wins.

const WHITESPACE = ' \t\n\r';
const NEWLINE = '\n\r';
const SHELL_NEED_ESCAPE = '"\\`$';
const VALID_KEY = /^[A-Za-z_][A-Za-z0-9_]*$/;

type State =
  | 'preKey'
  | 'key'
  | 'preValue'
  | 'value'
  | 'valueEscape'
  | 'singleQuote'
  | 'doubleQuote'
  | 'doubleQuoteEscape'
  | 'comment'
  | 'commentEscape';

export interface EnvFileResult {
  values: Record<string, string>;
  /** Lines skipped because their key is not a shell name (systemd logs and ignores them too). */
  skipped: string[];
}

export function parseEnvFile(text: string): EnvFileResult {
  const values: Record<string, string> = {};
  const skipped: string[] = [];
  let state: State = 'preKey';
  let key = '';
  let value = '';
  // Where the trailing whitespace of the key / the unquoted value starts; -1 when the last character was not a space.
  let keyWhitespace = -1;
  let valueWhitespace = -1;

  const push = () => {
    const name = keyWhitespace >= 0 ? key.slice(0, keyWhitespace) : key;
    if (VALID_KEY.test(name)) values[name] = value;
    else skipped.push(name);
    key = '';
    value = '';
  };

  for (const c of text) {
    switch (state) {
      case 'preKey':
        if (c === '#' || c === ';') state = 'comment';
        else if (!WHITESPACE.includes(c)) {
          state = 'key';
          keyWhitespace = -1;
          key = c;
        }
        break;
      case 'key':
        if (NEWLINE.includes(c)) {
          state = 'preKey';
          key = '';
        } else if (c === '=') {
          state = 'preValue';
          valueWhitespace = -1;
        } else {
          if (!WHITESPACE.includes(c)) keyWhitespace = -1;
          else if (keyWhitespace < 0) keyWhitespace = key.length;
          key += c;
        }
        break;
      case 'preValue':
        if (NEWLINE.includes(c)) {
          state = 'preKey';
          push();
        } else if (c === "'") state = 'singleQuote';
        else if (c === '"') state = 'doubleQuote';
        else if (c === '\\') state = 'valueEscape';
        else if (!WHITESPACE.includes(c)) {
          state = 'value';
          value += c;
        }
        break;
      case 'value':
        if (NEWLINE.includes(c)) {
          state = 'preKey';
          if (valueWhitespace >= 0) value = value.slice(0, valueWhitespace);
          push();
        } else if (c === '\\') {
          state = 'valueEscape';
          valueWhitespace = -1;
        } else {
          if (!WHITESPACE.includes(c)) valueWhitespace = -1;
          else if (valueWhitespace < 0) valueWhitespace = value.length;
          value += c;
        }
        break;
      case 'valueEscape':
        state = 'value';
        if (!NEWLINE.includes(c)) value += c;
        break;
      case 'singleQuote':
        if (c === "'") state = 'preValue';
        else value += c;
        break;
      case 'doubleQuote':
        if (c === '"') state = 'preValue';
        else if (c === '\\') state = 'doubleQuoteEscape';
        else value += c;
        break;
      case 'doubleQuoteEscape':
        state = 'doubleQuote';
        if (SHELL_NEED_ESCAPE.includes(c)) value += c;
        else if (!NEWLINE.includes(c)) value += `\\${c}`;
        break;
      case 'comment':
        if (c === '\\') state = 'commentEscape';
        else if (NEWLINE.includes(c)) state = 'preKey';
        break;
      case 'commentEscape':
        state = 'comment';
        break;
    }
  }
  // The last line needs no line break.
  const inValue = ['preValue', 'value', 'valueEscape', 'singleQuote', 'doubleQuote', 'doubleQuoteEscape'];
  if (inValue.includes(state)) {
    if (state === 'value' && valueWhitespace >= 0) value = value.slice(0, valueWhitespace);
    push();
  }
  return { values, skipped };
}
