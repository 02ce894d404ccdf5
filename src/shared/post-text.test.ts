import { describe, expect, it } from 'vitest';
import { type TextToken, tokenizePostText } from './post-text';
import { SEARCH_QUERY_MAX_LENGTH } from './values/search';

const text = (t: string): TextToken => ({ type: 'text', text: t });
const link = (t: string, href: string): TextToken => ({ type: 'link', text: t, href });
const mention = (t: string): TextToken => ({ type: 'mention', text: t, username: t.slice(1).toLowerCase() });
const hashtag = (t: string): TextToken => ({ type: 'hashtag', text: t });

function roundTrip(input: string): string {
  return tokenizePostText(input)
    .map((token) => token.text)
    .join('');
}

function links(input: string): TextToken[] {
  return tokenizePostText(input).filter((token) => token.type === 'link');
}

function mentions(input: string): TextToken[] {
  return tokenizePostText(input).filter((token) => token.type === 'mention');
}

describe('tokenizePostText: plain text', () => {
  it('returns no tokens for the empty string', () => {
    expect(tokenizePostText('')).toEqual([]);
  });

  it('keeps plain text as one token', () => {
    expect(tokenizePostText('hello world')).toEqual([text('hello world')]);
  });

  it('keeps newlines inside text tokens', () => {
    expect(tokenizePostText('line one\nline two\r\n\nthree')).toEqual([
      text('line one\nline two\r\n\nthree'),
    ]);
    expect(tokenizePostText('hi\n@jane\nbye')).toEqual([text('hi\n'), mention('@jane'), text('\nbye')]);
  });

  it('merges adjacent text pieces into one token', () => {
    const tokens = tokenizePostText('a @x b me@example.com javascript:alert(1) www. c');
    expect(tokens).toEqual([text('a @x b me@example.com javascript:alert(1) www. c')]);
  });
});

describe('tokenizePostText: links', () => {
  it('links http and https URLs', () => {
    expect(tokenizePostText('see https://example.com now')).toEqual([
      text('see '),
      link('https://example.com', 'https://example.com/'),
      text(' now'),
    ]);
    expect(tokenizePostText('http://example.com/a/b?c=d')).toEqual([
      link('http://example.com/a/b?c=d', 'http://example.com/a/b?c=d'),
    ]);
  });

  it('accepts an upper-case scheme and gives a lower-case href scheme', () => {
    const [token] = tokenizePostText('HTTPS://EXAMPLE.COM');
    expect(token).toEqual(link('HTTPS://EXAMPLE.COM', 'https://example.com/'));
    expect(tokenizePostText('Http://Example.com/Path')).toEqual([
      link('Http://Example.com/Path', 'http://example.com/Path'),
    ]);
  });

  it('links bare www. hosts with an https:// href', () => {
    expect(tokenizePostText('www.vit.ac.in/path?q=1#x')).toEqual([
      link('www.vit.ac.in/path?q=1#x', 'https://www.vit.ac.in/path?q=1#x'),
    ]);
    expect(tokenizePostText('go to WWW.Example.com.')).toEqual([
      text('go to '),
      link('WWW.Example.com', 'https://www.example.com/'),
      text('.'),
    ]);
  });

  it('never links other schemes', () => {
    for (const input of [
      'javascript:alert(1)',
      'JavaScript:alert(document.cookie)',
      'data:text/html,<script>alert(1)</script>',
      'ftp://example.com/file',
      'mailto:me@example.com',
      'vbscript:msgbox(1)',
      'file:///etc/passwd',
      'ftp://www.example.com',
    ]) {
      expect(tokenizePostText(input), input).toEqual([text(input)]);
    }
  });

  it('only produces http: or https: hrefs', () => {
    const inputs = [
      'https://example.com',
      'www.example.com',
      'javascript:https://example.com',
      'x (https://a.b/c) y',
      'http://user:pass@example.com:8080/p',
      'https://例え.jp/パス',
    ];
    for (const input of inputs) {
      for (const token of links(input)) {
        if (token.type !== 'link') continue;
        expect(new URL(token.href).protocol).toMatch(/^https?:$/);
        expect(token.href).toMatch(/^https?:\/\//);
      }
    }
  });

  it('leaves URLs that do not parse as text', () => {
    expect(tokenizePostText('http://')).toEqual([text('http://')]);
    expect(tokenizePostText('https:// spaced')).toEqual([text('https:// spaced')]);
    expect(tokenizePostText('http://[not-ipv6')).toEqual([text('http://[not-ipv6')]);
    expect(tokenizePostText('http://exa mple.com')).toEqual([
      link('http://exa', 'http://exa/'),
      text(' mple.com'),
    ]);
    expect(tokenizePostText('www.')).toEqual([text('www.')]);
    expect(tokenizePostText('www..example.com')).toEqual([text('www..example.com')]);
    expect(tokenizePostText('www.-')).toEqual([text('www.-')]);
  });

  it('strips trailing punctuation', () => {
    expect(tokenizePostText('https://x.com/a.')).toEqual([
      link('https://x.com/a', 'https://x.com/a'),
      text('.'),
    ]);
    for (const p of ['.', ',', '!', '?', ';', ':', "'", '"', '...', '?!', '."', "',"]) {
      const input = `https://x.com/a${p}`;
      expect(tokenizePostText(input), input).toEqual([link('https://x.com/a', 'https://x.com/a'), text(p)]);
    }
  });

  it('keeps punctuation inside the URL', () => {
    expect(tokenizePostText('https://x.com/a.b,c!d?e=f;g:h')).toEqual([
      link('https://x.com/a.b,c!d?e=f;g:h', 'https://x.com/a.b,c!d?e=f;g:h'),
    ]);
  });

  it('drops unbalanced closing brackets but keeps balanced ones', () => {
    expect(tokenizePostText('(see https://example.com/a_(b))')).toEqual([
      text('(see '),
      link('https://example.com/a_(b)', 'https://example.com/a_(b)'),
      text(')'),
    ]);
    expect(tokenizePostText('(https://example.com)')).toEqual([
      text('('),
      link('https://example.com', 'https://example.com/'),
      text(')'),
    ]);
    expect(tokenizePostText('(https://example.com).')).toEqual([
      text('('),
      link('https://example.com', 'https://example.com/'),
      text(').'),
    ]);
    expect(tokenizePostText('[https://example.com/x[1]]')).toEqual([
      text('['),
      link('https://example.com/x[1]', 'https://example.com/x[1]'),
      text(']'),
    ]);
    expect(tokenizePostText('https://en.wikipedia.org/wiki/Foo_(bar)')).toEqual([
      link('https://en.wikipedia.org/wiki/Foo_(bar)', 'https://en.wikipedia.org/wiki/Foo_(bar)'),
    ]);
  });

  it('ends URLs at whitespace, angle brackets and double quotes', () => {
    expect(tokenizePostText('<https://x.com/a>')).toEqual([
      text('<'),
      link('https://x.com/a', 'https://x.com/a'),
      text('>'),
    ]);
    expect(tokenizePostText('"https://x.com/a"')).toEqual([
      text('"'),
      link('https://x.com/a', 'https://x.com/a'),
      text('"'),
    ]);
    expect(tokenizePostText('https://x.com/a\nnext')).toEqual([
      link('https://x.com/a', 'https://x.com/a'),
      text('\nnext'),
    ]);
    expect(tokenizePostText('https://x.com/a\tb')).toEqual([
      link('https://x.com/a', 'https://x.com/a'),
      text('\tb'),
    ]);
  });

  it('requires a word boundary before a URL', () => {
    expect(tokenizePostText('foohttp://x.com')).toEqual([text('foohttp://x.com')]);
    expect(tokenizePostText('foowww.x.com')).toEqual([text('foowww.x.com')]);
    expect(tokenizePostText('_https://x.com')).toEqual([text('_https://x.com')]);
    expect(tokenizePostText('éhttps://x.com')).toEqual([text('éhttps://x.com')]);
    expect(tokenizePostText('me@www.example.com')).toEqual([text('me@www.example.com')]);
    expect(tokenizePostText('a:https://x.com')).toEqual([
      text('a:'),
      link('https://x.com', 'https://x.com/'),
    ]);
  });

  it('handles several links in one text', () => {
    expect(tokenizePostText('https://a.com and www.b.org, http://c.net!')).toEqual([
      link('https://a.com', 'https://a.com/'),
      text(' and '),
      link('www.b.org', 'https://www.b.org/'),
      text(', '),
      link('http://c.net', 'http://c.net/'),
      text('!'),
    ]);
  });

  it('handles unicode and emoji around and inside links', () => {
    expect(tokenizePostText('🎉https://x.com🎉')).toEqual([
      text('🎉'),
      link('https://x.com', 'https://x.com/'),
      text('🎉'),
    ]);
    expect(tokenizePostText('👉 www.vit.ac.in 👈')).toEqual([
      text('👉 '),
      link('www.vit.ac.in', 'https://www.vit.ac.in/'),
      text(' 👈'),
    ]);
    expect(tokenizePostText('நன்றி https://x.com/a ❤️')).toEqual([
      text('நன்றி '),
      link('https://x.com/a', 'https://x.com/a'),
      text(' ❤️'),
    ]);
    expect(tokenizePostText('見て https://x.com/a。すごい')).toEqual([
      text('見て '),
      link('https://x.com/a', 'https://x.com/a'),
      text('。すごい'),
    ]);
    expect(links('https://x.com/a\u200D\uFE0Fb')).toEqual([link('https://x.com/a', 'https://x.com/a')]);
    const [idn] = links('https://münchen.de/straße');
    expect(idn).toEqual(link('https://münchen.de/straße', 'https://xn--mnchen-3ya.de/stra%C3%9Fe'));
  });
});

describe('tokenizePostText: mentions', () => {
  it('makes a mention at the start, middle and end', () => {
    expect(tokenizePostText('@jane hi')).toEqual([mention('@jane'), text(' hi')]);
    expect(tokenizePostText('hi @jane and @bob_1')).toEqual([
      text('hi '),
      mention('@jane'),
      text(' and '),
      mention('@bob_1'),
    ]);
    expect(tokenizePostText('@jane')).toEqual([mention('@jane')]);
  });

  it('lower-cases the username but keeps the text', () => {
    expect(tokenizePostText('@Jane.Doe')).toEqual([
      { type: 'mention', text: '@Jane.Doe', username: 'jane.doe' },
    ]);
  });

  it('makes mentions after punctuation', () => {
    expect(tokenizePostText('(@jane)')).toEqual([text('('), mention('@jane'), text(')')]);
    expect(tokenizePostText('hi,@jane!')).toEqual([text('hi,'), mention('@jane'), text('!')]);
    expect(tokenizePostText('"@jane"')).toEqual([text('"'), mention('@jane'), text('"')]);
    expect(tokenizePostText('🙂@jane')).toEqual([text('🙂'), mention('@jane')]);
    expect(tokenizePostText('cc:@jane, @bob?')).toEqual([
      text('cc:'),
      mention('@jane'),
      text(', '),
      mention('@bob'),
      text('?'),
    ]);
  });

  it('drops trailing periods from a mention', () => {
    expect(tokenizePostText('@jane.')).toEqual([mention('@jane'), text('.')]);
    expect(tokenizePostText('thanks @jane.doe...')).toEqual([
      text('thanks '),
      mention('@jane.doe'),
      text('...'),
    ]);
  });

  it('accepts usernames with periods, digits and underscores', () => {
    expect(mentions('@a.b.c @_x_ @123 @a_b.c9')).toEqual([
      mention('@a.b.c'),
      mention('@_x_'),
      mention('@123'),
      mention('@a_b.c9'),
    ]);
  });

  it('does not treat emails as mentions', () => {
    expect(tokenizePostText('me@example.com')).toEqual([text('me@example.com')]);
    expect(tokenizePostText('write to first.last@vit.ac.in today')).toEqual([
      text('write to first.last@vit.ac.in today'),
    ]);
    expect(tokenizePostText('ü@jane')).toEqual([text('ü@jane')]);
  });

  it('leaves too short and too long candidates as text', () => {
    expect(tokenizePostText('@ab')).toEqual([text('@ab')]);
    expect(tokenizePostText('@abc')).toEqual([mention('@abc')]);
    expect(tokenizePostText(`@${'a'.repeat(20)}`)).toEqual([mention(`@${'a'.repeat(20)}`)]);
    expect(tokenizePostText(`@${'a'.repeat(21)}`)).toEqual([text(`@${'a'.repeat(21)}`)]);
    expect(tokenizePostText('@ab.')).toEqual([text('@ab.')]);
    expect(tokenizePostText('@')).toEqual([text('@')]);
    expect(tokenizePostText('@ hi')).toEqual([text('@ hi')]);
  });

  it('rejects invalid username shapes', () => {
    expect(tokenizePostText('@.jane')).toEqual([text('@.jane')]);
    expect(tokenizePostText('@jane..doe')).toEqual([text('@jane..doe')]);
    expect(tokenizePostText('@janeé')).toEqual([text('@janeé')]);
    expect(tokenizePostText('@jane@example.com')).toEqual([text('@jane@example.com')]);
    expect(tokenizePostText('@@jane')).toEqual([text('@'), mention('@jane')]);
  });

  it('does not make mentions inside links', () => {
    expect(tokenizePostText('https://medium.com/@jane/post')).toEqual([
      link('https://medium.com/@jane/post', 'https://medium.com/@jane/post'),
    ]);
  });

  it('mixes links and mentions', () => {
    expect(tokenizePostText('@jane see www.x.com\n@bob: https://y.org/z.')).toEqual([
      mention('@jane'),
      text(' see '),
      link('www.x.com', 'https://www.x.com/'),
      text('\n'),
      mention('@bob'),
      text(': '),
      link('https://y.org/z', 'https://y.org/z'),
      text('.'),
    ]);
  });
});

describe('tokenizePostText: hashtags (issue #51)', () => {
  it('makes a hashtag at the start, middle and end, keeping its case', () => {
    expect(tokenizePostText('#exams week')).toEqual([hashtag('#exams'), text(' week')]);
    expect(tokenizePostText('CAT done #Exams #2026batch')).toEqual([
      text('CAT done '),
      hashtag('#Exams'),
      text(' '),
      hashtag('#2026batch'),
    ]);
    expect(tokenizePostText('#exams')).toEqual([hashtag('#exams')]);
  });

  it('ends at punctuation, emoji and spaces, and takes letters of every script', () => {
    expect(tokenizePostText('(#exams), #fest!')).toEqual([
      text('('),
      hashtag('#exams'),
      text('), '),
      hashtag('#fest'),
      text('!'),
    ]);
    expect(tokenizePostText("#exams's end")).toEqual([hashtag('#exams'), text("'s end")]);
    expect(tokenizePostText('#fest🎉#night')).toEqual([hashtag('#fest'), text('🎉'), hashtag('#night')]);
    expect(tokenizePostText('#under_score #தமிழ் #नमस्ते #café')).toEqual([
      hashtag('#under_score'),
      text(' '),
      hashtag('#தமிழ்'),
      text(' '),
      hashtag('#नमस्ते'),
      text(' '),
      hashtag('#café'),
    ]);
  });

  it('needs a letter, and a non-word character before it', () => {
    expect(tokenizePostText('#1 fan, #2026, #_, # alone, #')).toEqual([
      text('#1 fan, #2026, #_, # alone, #'),
    ]);
    expect(tokenizePostText('C# and F#m and a#b and é#x')).toEqual([text('C# and F#m and a#b and é#x')]);
    expect(tokenizePostText('##exams')).toEqual([text('#'), hashtag('#exams')]);
  });

  it('is at most as long as a search', () => {
    const longest = `#${'a'.repeat(SEARCH_QUERY_MAX_LENGTH - 1)}`;
    expect(tokenizePostText(longest)).toEqual([hashtag(longest)]);
    expect(tokenizePostText(`${longest}a`)).toEqual([text(`${longest}a`)]);
  });

  it('leaves a fragment inside a link to the link, and mentions as they were', () => {
    expect(tokenizePostText('www.vit.ac.in/fest#day2 @ravi_k #fest')).toEqual([
      link('www.vit.ac.in/fest#day2', 'https://www.vit.ac.in/fest#day2'),
      text(' '),
      mention('@ravi_k'),
      text(' '),
      hashtag('#fest'),
    ]);
    expect(tokenizePostText('@ravi_k#fest #fest@ravi_k')).toEqual([
      mention('@ravi_k'),
      text('#fest '),
      hashtag('#fest'),
      text('@ravi_k'),
    ]);
  });
});

describe('tokenizePostText: round trip', () => {
  const samples = [
    '',
    'plain',
    'https://x.com/a.',
    '(see https://example.com/a_(b))',
    'HTTPS://EXAMPLE.COM',
    'www.vit.ac.in/path?q=1#x',
    'javascript:alert(1)',
    'me@example.com @jane. @Bob_2, @x',
    '🎉https://x.com🎉 👨‍👩‍👧 @jane',
    'line\nbreak\r\n@a.b.c\n\nwww.',
    'http://[',
    'www.😀',
    '\u0000@abc\u0000http://a.b\u0000',
    '@@@@jane@@@ www.www.www. http://http://x',
    '##a #1 #_ C# #é🎉#x',
    'a\uD800b @jane \uDC00 https://x.com',
  ];

  it('concatenates back to the input for fixed samples', () => {
    for (const input of samples) expect(roundTrip(input), JSON.stringify(input)).toBe(input);
  });

  it('concatenates back to the input for many generated inputs', () => {
    const pieces = [
      'a',
      'Z',
      '9',
      '_',
      '.',
      ',',
      '!',
      '?',
      ':',
      ';',
      "'",
      '"',
      '(',
      ')',
      '[',
      ']',
      '<',
      '>',
      '/',
      '#',
      ' ',
      '\n',
      '@',
      '@jane',
      'http://',
      'HTTPS://',
      'www.',
      'x.com',
      'javascript:',
      'é',
      '🎉',
      '\uD83D',
      '。',
    ];
    // Deterministic LCG so failures reproduce.
    let seed = 12345;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed;
    };
    for (let n = 0; n < 2000; n++) {
      const length = next() % 30;
      let input = '';
      for (let k = 0; k < length; k++) input += pieces[next() % pieces.length];
      const tokens = tokenizePostText(input);
      expect(tokens.map((t) => t.text).join(''), JSON.stringify(input)).toBe(input);
      for (let k = 0; k < tokens.length; k++) {
        const token = tokens[k] as TextToken;
        expect(token.text.length).toBeGreaterThan(0);
        if (token.type === 'text' && k > 0) expect(tokens[k - 1]?.type).not.toBe('text');
        if (token.type === 'link') expect(['http:', 'https:']).toContain(new URL(token.href).protocol);
        if (token.type === 'mention') expect(token.username).toMatch(/^[a-z0-9_][a-z0-9_.]{1,18}[a-z0-9_]$/);
        if (token.type === 'hashtag')
          expect(token.text).toMatch(/^#[\p{L}\p{N}\p{M}_]*\p{L}[\p{L}\p{N}\p{M}_]*$/u);
      }
    }
  });
});

describe('tokenizePostText: hostile input', () => {
  it('handles long hostile inputs quickly', () => {
    const inputs = [
      '@'.repeat(10_000),
      `http://${'a.'.repeat(5000)}`,
      'www.'.repeat(2500),
      'http://'.repeat(1500),
      `@${'a'.repeat(10_000)}`,
      `@${'a.'.repeat(5000)}`,
      `http://[${'http://['.repeat(1400)}`,
      `https://x.com/${')'.repeat(10_000)}`,
      `https://x.com/${'('.repeat(5000)}${'.'.repeat(5000)}`,
      ' @a'.repeat(3500),
      '#'.repeat(10_000),
      `#${'a'.repeat(10_000)}`,
      `#${'1'.repeat(10_000)}`,
      ' #a'.repeat(3500),
    ];
    for (const input of inputs) {
      const started = performance.now();
      expect(roundTrip(input)).toBe(input);
      expect(performance.now() - started).toBeLessThan(1000);
    }
  });
});
