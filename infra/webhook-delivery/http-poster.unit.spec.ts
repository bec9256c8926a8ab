import { describe, expect, it } from 'vitest';
import { createWebhookPoster, webhookUrlMessages } from './http-poster.ts';

const dns: Record<string, { address: string; family: number }[]> = {
  'hooks.example.com': [{ address: '93.184.216.34', family: 4 }],
  'rebind.example.com': [{ address: '127.0.0.1', family: 4 }],
  'mixed.example.com': [
    { address: '93.184.216.34', family: 4 },
    { address: '10.0.0.5', family: 4 },
  ],
  'v6.example.com': [{ address: 'fd12::5', family: 6 }],
};
const resolve = async (host: string) => {
  const found = dns[host];
  if (!found) throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
  return found;
};
const poster = createWebhookPoster({ resolve });

describe('which webhook URLs are refused (registration and every delivery)', () => {
  it.each([
    ['https://127.0.0.1/hook', '127.0.0.1 is not a public address (loopback)'],
    ['https://2130706433/hook', '127.0.0.1 is not a public address (loopback)'], // decimal
    ['https://0x7f000001/hook', '127.0.0.1 is not a public address (loopback)'], // hex
    ['https://0x7f.0.0.1/hook', '127.0.0.1 is not a public address (loopback)'], // hex part
    ['https://0177.0.0.1/hook', '127.0.0.1 is not a public address (loopback)'], // octal part
    ['https://127.1/hook', '127.0.0.1 is not a public address (loopback)'], // short form
    ['https://[::1]/hook', '::1 is not a public address (loopback)'],
    ['https://[::ffff:127.0.0.1]/hook', '::ffff:7f00:1 is not a public address (loopback)'],
    ['https://169.254.169.254/latest/meta-data', '169.254.169.254 is not a public address (link-local)'],
    ['https://10.1.2.3/', '10.1.2.3 is not a public address (private)'],
    ['https://172.16.0.1/', '172.16.0.1 is not a public address (private)'],
    ['https://192.168.1.1/', '192.168.1.1 is not a public address (private)'],
    ['https://[fd00::1]/', 'fd00::1 is not a public address (unique-local)'],
    ['https://[fe80::1]/', 'fe80::1 is not a public address (link-local)'],
    ['https://0.0.0.0/', '0.0.0.0 is not a public address (unspecified)'],
  ])('%s: %s', async (url, message) => {
    expect(await poster.refusal(url)).toBe(`${message}: webhooks go only to the public internet`);
  });

  it('judges a host by every address it resolves to', async () => {
    expect(await poster.refusal('https://rebind.example.com/hook')).toBe(webhookUrlMessages.nonPublic('rebind.example.com resolves to 127.0.0.1, which', 'loopback'));
    expect(await poster.refusal('https://mixed.example.com/hook')).toBe(webhookUrlMessages.nonPublic('mixed.example.com resolves to 10.0.0.5, which', 'private'));
    expect(await poster.refusal('https://v6.example.com/hook')).toBe(webhookUrlMessages.nonPublic('v6.example.com resolves to fd12::5, which', 'unique-local'));
  });

  it('wants https, a URL, no credentials, a host that exists', async () => {
    expect(await poster.refusal('http://hooks.example.com/hook')).toBe(webhookUrlMessages.https);
    expect(await poster.refusal('ftp://hooks.example.com/hook')).toBe(webhookUrlMessages.notUrl);
    expect(await poster.refusal('hooks.example.com/hook')).toBe(webhookUrlMessages.notUrl);
    expect(await poster.refusal('https://me:pw@hooks.example.com/hook')).toBe(webhookUrlMessages.credentials);
    expect(await poster.refusal('https://nowhere.example.com/hook')).toBe(webhookUrlMessages.unknownHost('nowhere.example.com'));
  });

  it('takes a public https endpoint', async () => {
    expect(await poster.refusal('https://hooks.example.com/weeklydiv?x=1')).toBeNull();
    expect(await poster.refusal('https://93.184.216.34/hook')).toBeNull();
  });

  it('with WEBHOOKS_ALLOW_PRIVATE, takes http:// and loopback (tests, private deployments)', async () => {
    const open = createWebhookPoster({ resolve, allowPrivate: true });
    expect(await open.refusal('http://127.0.0.1:8080/hook')).toBeNull();
    expect(await open.refusal('http://rebind.example.com/hook')).toBeNull();
    expect(await open.refusal('ftp://127.0.0.1/')).toBe(webhookUrlMessages.notUrl);
  });

  it('refuses a delivery to a host that now resolves to a private address (DNS rebinding), without connecting', async () => {
    const result = await poster.post({ url: 'https://rebind.example.com/hook', headers: {}, body: '{}', timeoutMs: 1000 });
    expect(result).toEqual({ error: webhookUrlMessages.nonPublic('rebind.example.com resolves to 127.0.0.1, which', 'loopback') });
  });
});
