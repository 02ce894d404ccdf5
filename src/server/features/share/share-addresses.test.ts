// The share pages read an address as the web app does (src/shared/routes.ts), so a preview or an
// oEmbed answer describes the page the browser shows for it (issue #45).
import { describe, expect, it } from 'vitest';
import { readSharedPage } from './share-addresses';

const id = '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b';

describe('readSharedPage', () => {
  it.each([
    [`/post/${id}`, { kind: 'post', username: null, postId: id }],
    [`/POST/${id.toUpperCase()}/`, { kind: 'post', username: null, postId: id }],
    [`/askline/${id}`, { kind: 'askline', id }],
    [`/AskLine/${id}`, { kind: 'askline', id }],
    [`/Asha_R/${id}`, { kind: 'post', username: 'asha_r', postId: id }],
    [`/asha%5Fr/${id}`, { kind: 'post', username: 'asha_r', postId: id }],
  ])('%s is a shared page', (address, page) => {
    expect(readSharedPage(address)).toEqual(page);
  });

  it.each([
    '/admin/log',
    '/ADMIN/log',
    '/profile/setup',
    '/asklines/review',
    '/post/not-a-uuid',
    `/a/b/${id}`,
    `/bad name/${id}`,
    `/${id}`,
  ])('%s is not', (address) => {
    expect(readSharedPage(address)).toBeNull();
  });
});
