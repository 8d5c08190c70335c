// Cases shared by the DOM and DOM-less sanitiser tests: both paths must give these exact results.
export const SAME_ON_BOTH_PATHS: ReadonlyArray<readonly [input: string, expected: string]> = [
  ['Hello world', 'Hello world'],
  ['Hello <b>world</b>', 'Hello world'],
  ['<p>one</p><p>two</p>', 'onetwo'],
  ['<script>alert(1)</script>Hi', 'Hi'],
  ['<SCRIPT SRC=//evil.example/x.js></SCRIPT>ok', 'ok'],
  ['before<script type="text/javascript">\nsteal(document.cookie)\n</script>after', 'beforeafter'],
  ['<script>never closed', ''],
  ['<style>body{display:none}</style>text', 'text'],
  ['<iframe src="https://evil.example">inner</iframe>kept', 'kept'],
  ['<svg><script>alert(1)</script></svg>z', 'z'],
  ['<!-- a comment -->after', 'after'],
  ['<img src=x onerror=alert(1)>', ''],
  ['<img src=x onerror=alert(1)', ''], // unclosed at the end
  ['x <img src=x onerror=alert(1) <b>hi</b>', 'x hi'], // unclosed, swallowed by the next tag
  ['<a href="javascript:alert(1)" title="x>y">link</a>', 'link'],
  ['Tom & Jerry', 'Tom  Jerry'],
  ['O\'Brien said "hi"', 'OBrien said hi'],
  ['a < b > c', 'a  b  c'],
  ['I <3 you', 'I 3 you'],
  ['&lt;script&gt;alert(1)&lt;/script&gt;', 'scriptalert(1)/script'],
  ['&#60;b&#x3E;bold', 'bbold'],
  ['Zoë 李小龙 Ольга', 'Zoë 李小龙 Ольга'],
  ['multi\nline\ttext', 'multi\nline\ttext'],
];

// Nested and malformed tags: the two paths may keep different harmless leftovers, but never markup.
export const HOSTILE: readonly string[] = [
  '<scr<script>ipt>alert(1)</script>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<<b>b>',
  '<<script>script>alert(1)<</script>/script>',
  '<img src=x onerror=alert(1)//',
  '<a href="x" onclick=\'alert(1)\'>x',
  '"><script>alert(document.domain)</script>',
  "'';!--\"<XSS>=&{()}",
  '<div <div>>text</div>',
  '<</>>',
];

/** What "safe plain text" means here: none of the removed characters, so no tag can start or attribute be quoted. */
export const isPlainText = (s: string): boolean => !/[<>"'&]/.test(s);
