// OFFENSIVE CONTENT. This file is a word list for the local text check (issue #47, decision record 028):
// abusive Telugu, Malayalam and Kannada as students type them in Latin letters, so that posts can be
// checked before they go out. It is data, not speech; smaller than the Hindi and Tamil lists, as fewer
// students write these languages on these campuses. Left out on purpose: "patti" (a grandmother in Tamil),
// "okka" (one), "amma" alone, "tika" (also a Hindi word), "sule" alone,
// "munda" (a boy in Punjabi and Hindi), "maala" (a garland), "gudda" (a doll), "kothi" (a house).
import type { TermGroup } from './term-group';

export const telugu: TermGroup = {
  language: 'te-Latn',
  terms: {
    profanity: [
      'dengu',
      'dengey',
      'dengay',
      'dengutha',
      'dengichuko',
      'pooku',
      'puku',
      'modda',
      'nee amma dengu',
      'nee yamma',
    ],
    insult: [
      'lanja',
      'lanjakoduku',
      'lanja koduku',
      'lanjodaka',
      'bosidi',
      'bosdk',
      'vedhava',
      'vedava',
      'erripuka',
      'erri puka',
      'pichi lanja',
    ],
    slur: ['kojja', 'maadiga'],
    threat: ['champestha', 'champesta', 'champutha', 'champuta', 'narukutha', 'narikestha', 'champesthanu'],
    self_harm: ['chachipo', 'chachi po', 'sachipo', 'sachi po', 'chavu ra', 'uri vesuko'],
  },
};

export const malayalam: TermGroup = {
  language: 'ml-Latn',
  terms: {
    profanity: [
      'myre',
      'myru',
      'maire',
      'mayre',
      'kunna',
      'kunne',
      'poori',
      'poorimon',
      'pooru',
      'thayoli',
      'koothichi',
      'pundachi',
    ],
    insult: ['thendi', 'patti mone', 'nayinte mone', 'nayinte mol', 'pottan', 'kazhutha', 'veshya'],
    threat: ['konnukalayum', 'kollum njan', 'ninne kollum', 'thallikollum'],
    self_harm: ['poyi chaavu', 'poyi chathoode', 'thoongi chaavu'],
  },
};

export const kannada: TermGroup = {
  language: 'kn-Latn',
  terms: {
    profanity: [
      'bolimaga',
      'boli maga',
      'bolimagane',
      'ninamman',
      'ninnamman',
      'ninn amman',
      'tullu',
      'sulemaga',
      'sule maga',
    ],
    threat: ['saaysbidtini', 'kolthini', 'saaysthini'],
    self_harm: ['hogi saayi', 'hogi sai'],
  },
};
