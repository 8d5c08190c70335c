// The settings file is read as systemd 252 reads an EnvironmentFile= (platform/env-file.ts, after systemd's
// src/basic/env-file.c): these are its rules, and where dotenv, the usual Node reader, would read the same text
// otherwise, the test says so.
import { parseEnvFile } from '../src/platform/env-file';

const read = (text: string) => parseEnvFile(text).values;

test('an unquoted value runs to the end of its line, spaces inside kept, spaces around dropped', () => {
  expect(read('MODEL_NAME=Ava Monroe\n')).toEqual({ MODEL_NAME: 'Ava Monroe' });
  expect(read('  MODEL_NAME  =   Ava Monroe   \n')).toEqual({ MODEL_NAME: 'Ava Monroe' });
  // No line break after the last line.
  expect(read('A=1\nB=two words')).toEqual({ A: '1', B: 'two words' });
});

test('quotes are removed; double quotes escape only " \\ ` $; single quotes keep everything', () => {
  expect(read('MODEL_NAME="Ava Monroe"')).toEqual({ MODEL_NAME: 'Ava Monroe' });
  expect(read("MODEL_NAME='Ava Monroe'")).toEqual({ MODEL_NAME: 'Ava Monroe' });
  expect(read('A="say \\"hi\\" \\\\ \\$5 \\n"')).toEqual({ A: 'say "hi" \\ $5 \\n' });
  expect(read("A='C:\\path \\\"x'")).toEqual({ A: 'C:\\path \\"x' });
  expect(read('MAIL_FROM="Ava Monroe <ava@ava-monroe.com>"')).toEqual({ MAIL_FROM: 'Ava Monroe <ava@ava-monroe.com>' });
  // After a closing quote, spaces are skipped and the rest appended (dotenv would keep only the quoted part).
  expect(read('A="x" y')).toEqual({ A: 'xy' });
  // A quote inside an unquoted value is an ordinary character.
  expect(read('A=Ava "M"')).toEqual({ A: 'Ava "M"' });
});

test('# and ; start a comment only at the start of a line (dotenv would cut " #..." off a value)', () => {
  expect(read('# the site\n; also a comment\nA=1\n   # indented comment\n')).toEqual({ A: '1' });
  expect(read('SMTP_URL=smtp://u:p#ss@mail.example.com:587 # not a comment')).toEqual({
    SMTP_URL: 'smtp://u:p#ss@mail.example.com:587 # not a comment',
  });
});

test('nothing is expanded (dotenv-expand would substitute $HOME and ${A})', () => {
  expect(read('A=1\nB=$HOME/${A}')).toEqual({ A: '1', B: '$HOME/${A}' });
});

test('a backslash takes the next character; before a line break it joins the lines', () => {
  expect(read('A=one\\ two\\\\three')).toEqual({ A: 'one two\\three' });
  expect(read('A=first \\\nsecond\nB=2')).toEqual({ A: 'first second', B: '2' });
  expect(read('A="first \\\nsecond"')).toEqual({ A: 'first second' });
  // A quoted value may span lines as it is.
  expect(read('A="line one\nline two"')).toEqual({ A: 'line one\nline two' });
});

test('a line without "=" is ignored; a key that is not a shell name is skipped and reported', () => {
  const { values, skipped } = parseEnvFile('just words\nexport A=1\nB-C=2\n1D=3\nE=\nF=ok\n');
  // `export A=1` is a shell habit dotenv accepts; systemd takes "export A" as the key and ignores the line.
  expect(values).toEqual({ E: '', F: 'ok' });
  expect(skipped).toEqual(['export A', 'B-C', '1D']);
});

test('the last assignment of a key wins; CRLF line ends read like LF', () => {
  expect(read('A=1\r\nA=2\r\nB=x y\r\n')).toEqual({ A: '2', B: 'x y' });
});
