/** Signatures (the published Standard Webhooks vector and the library) and the SSRF guard's address corpus. */
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliver, deliveryHeaders } from '../../src/webhooks/delivery.js';
import { newSecret, sign, signatureHeader, verifySignature } from '../../src/webhooks/sign.js';
import { checkTarget, forbiddenAddressReason, urlShapeProblem } from '../../src/webhooks/url-policy.js';
import { type Receiver, startReceiver } from './receiver.js';

const GUARD_ON = { allowPrivate: false, allowHttp: false };

describe('signatures', () => {
  it('reproduces the published Standard Webhooks test vector (hand check)', () => {
    expect(
      sign(
        'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
        'msg_p5jXN8AQM9LWM0D4loKWxJek',
        1614265330,
        '{"test": 2432232314}',
      ),
    ).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });

  it('makes whsec_ secrets of 32 random bytes', () => {
    const secret = newSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(32);
    expect(newSecret()).not.toBe(secret);
  });

  it('is verified as is by the standardwebhooks package, with both secrets during a rotation', () => {
    const [current, previous] = [newSecret(), newSecret()];
    const body = JSON.stringify({ id: 'evt_1', type: 'ping', data: {} });
    const headers = deliveryHeaders({
      url: 'https://example.com',
      messageId: 'msg_1',
      eventType: 'ping',
      body,
      secrets: [current, previous],
      timestamp: Math.floor(Date.now() / 1000),
    });
    expect(new Webhook(current).verify(body, headers)).toEqual(JSON.parse(body));
    expect(new Webhook(previous).verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => new Webhook(newSecret()).verify(body, headers)).toThrow();
    expect(headers['service-signature']).toBe(headers['webhook-signature']);
    expect(headers['service-signature']?.split(' ')).toHaveLength(2);
    expect(
      verifySignature(
        previous,
        'msg_1',
        Number(headers['webhook-timestamp']),
        body,
        headers['webhook-signature'] as string,
      ),
    ).toBe(true);
    expect(signatureHeader([current], 'msg_1', 1, body)).toBe(sign(current, 'msg_1', 1, body));
  });
});

describe('SSRF guard: address corpus', () => {
  const refused = [
    '127.1',
    '127.0.0.1',
    '0x7f000001',
    '017700000001',
    '0177.0.0.1',
    '2130706433',
    '[::1]',
    '::1',
    '[::ffff:127.0.0.1]',
    '::ffff:7f00:1',
    '[0:0:0:0:0:ffff:7f00:1]',
    '169.254.169.254',
    '0.0.0.0',
    '0',
    '[::]',
    '10.0.0.1',
    '10.255.255.255',
    '172.16.0.1',
    '172.31.255.254',
    '192.168.0.1',
    '192.168.255.255',
    '100.64.0.1',
    '100.127.255.255',
    'fc00::1',
    'fd00:ec2::254',
    'fe80::1',
    'febf::1',
    'ff02::1',
    '224.0.0.1',
    '255.255.255.255',
    '64:ff9b::a9fe:a9fe',
    '2002:c0a8:0101::1',
    '[::ffff:10.0.0.1]',
  ];
  const allowed = ['8.8.8.8', '1.1.1.1', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111', '[::ffff:8.8.8.8]'];

  it.each(refused)('refuses %s', (address) => {
    expect(forbiddenAddressReason(address)).not.toBeNull();
    expect(
      urlShapeProblem(
        `https://${address.includes(':') && !address.startsWith('[') ? `[${address}]` : address}/hook`,
        'live',
        GUARD_ON,
      ),
    ).toMatch(/must not point/);
  });

  it.each(allowed)('allows the public address %s', (address) => {
    expect(forbiddenAddressReason(address)).toBeNull();
  });

  it('refuses a host name that resolves to 127.0.0.1 (localhost) at registration', async () => {
    expect(await checkTarget('https://localhost/hook', 'live', GUARD_ON)).toMatch(/loopback/);
    const rebinding = async () => [{ address: '10.0.0.7', family: 4 }];
    expect(await checkTarget('https://hooks.example.com/x', 'live', GUARD_ON, rebinding)).toMatch(/private/);
  });

  it('requires https in live, allows http in test and by setting', () => {
    expect(urlShapeProblem('http://hooks.example.com/x', 'live', GUARD_ON)).toMatch(/https/);
    expect(urlShapeProblem('http://hooks.example.com/x', 'test', GUARD_ON)).toBeNull();
    expect(urlShapeProblem('http://hooks.example.com/x', 'live', { ...GUARD_ON, allowHttp: true })).toBeNull();
    expect(urlShapeProblem('ftp://hooks.example.com/x', 'test', GUARD_ON)).toMatch(/https/);
    expect(urlShapeProblem('https://user:pw@hooks.example.com/x', 'test', GUARD_ON)).toMatch(/password/);
    expect(urlShapeProblem('not a url', 'test', GUARD_ON)).toMatch(/absolute/);
  });
});

describe('SSRF guard at connect time', () => {
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver.close();
  });
  const request = (url: string) => ({
    url,
    messageId: 'msg_x',
    eventType: 'ping',
    body: '{}',
    secrets: [newSecret()],
    timestamp: Math.floor(Date.now() / 1000),
  });

  it('refuses to connect to a name resolving to 127.0.0.1, and to a loopback literal', async () => {
    const byName = await deliver(request(`http://localhost:${receiver.port}/hooks`), { policy: GUARD_ON });
    expect(byName.refused).toBe(true);
    expect(byName.error).toMatch(/loopback/);
    const literal = await deliver(request(`http://0x7f000001:${receiver.port}/hooks`), { policy: GUARD_ON });
    expect(literal.refused).toBe(true);
    expect(receiver.received).toHaveLength(0);
  });

  it('checks the address actually connected to: a name that rebinds to loopback after registration fails', async () => {
    let calls = 0;
    // First answer (registration) public, then loopback: DNS rebinding.
    const rebinding = async () =>
      calls++ === 0 ? [{ address: '93.184.216.34', family: 4 }] : [{ address: '127.0.0.1', family: 4 }];
    const url = `http://rebind.example.test:${receiver.port}/hooks`;
    expect(await checkTarget(url, 'test', GUARD_ON, rebinding)).toBeNull();
    const result = await deliver(request(url), { policy: GUARD_ON, resolve: rebinding });
    expect(result.refused).toBe(true);
    expect(receiver.received).toHaveLength(0);
  });

  it('delivers to loopback when private targets are allowed', async () => {
    const result = await deliver(request(`http://localhost:${receiver.port}/hooks`), {
      policy: { allowPrivate: true, allowHttp: true },
    });
    expect(result.statusCode).toBe(200);
    expect(receiver.received).toHaveLength(1);
  });
});
