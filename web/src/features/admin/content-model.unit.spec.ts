import { describe, expect, it } from 'vitest';
import { editableStatus, failureMessage, linkHost, purgeMessage, splitCommaList, statusTone } from './content-model.ts';

describe('content model', () => {
  it('badge colours: green published, yellow review, grey otherwise', () => {
    expect(statusTone('published')).toBe('positive');
    expect(statusTone('review')).toBe('warning');
    expect(statusTone('draft')).toBe('neutral');
    expect(statusTone('archived')).toBe('neutral');
  });

  it('the edit form offers draft, review, published; an archived article starts at review', () => {
    expect(editableStatus('draft')).toBe('draft');
    expect(editableStatus('published')).toBe('published');
    expect(editableStatus('archived')).toBe('review');
  });

  it('comma-separated lists are trimmed and empty entries dropped', () => {
    expect(splitCommaList(' YieldMax , ,QDTE,,  weekly dividend  ,')).toEqual(['YieldMax', 'QDTE', 'weekly dividend']);
    expect(splitCommaList('   ')).toEqual([]);
  });

  it('purge toasts', () => {
    expect(purgeMessage('archived', 12)).toBe('Deleted 12 archived articles');
    expect(purgeMessage('review', 0)).toBe('Deleted 0 review articles');
    expect(purgeMessage('published', 1)).toBe('Deleted 1 published article');
  });

  it("failure text: the server's JSON message, else the fallback", () => {
    expect(failureMessage({ status: 400, message: '400: …', data: { message: 'Title is required' } }, 'Failed')).toBe('Title is required');
    expect(failureMessage({ status: 500, message: '500: <html>', data: '<html>' }, 'Failed')).toBe('Failed');
    expect(failureMessage({ status: 'FETCH_ERROR', message: 'offline', data: undefined }, 'Failed')).toBe('Failed');
    expect(failureMessage({ status: 400, message: '400: ', data: { message: ' ' } }, 'Failed')).toBe('Failed');
  });

  it('link hosts: http(s) only', () => {
    expect(linkHost('https://www.example.com/a')).toBe('example.com');
    expect(linkHost('javascript:alert(1)')).toBeNull();
    expect(linkHost('not a url')).toBeNull();
  });
});
