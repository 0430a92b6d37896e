import { createHash, createSign, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A software passkey for server tests: it answers WebAuthn options as a platform
 * authenticator with user verification would (ES256, "none" attestation), so the server's
 * real verification runs on real signatures. The browser tests use Chromium's own virtual
 * authenticator instead.
 */
export interface SoftPasskey {
  id: string;
  userHandle: string;
  privateKey: KeyObject;
  counter: number;
}

const b64u = (b: Buffer | Uint8Array) => Buffer.from(b).toString('base64url');
const sha256 = (b: Buffer | string) => createHash('sha256').update(b).digest();

function clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string): Buffer {
  return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }), 'utf8');
}

/** Answers navigator.credentials.create() options; returns the response JSON and the new passkey. */
export function createPasskey(options: { challenge: string; rp: { id?: string }; user: { id: string } }, origin: string): { response: Record<string, unknown>; passkey: SoftPasskey } {
  const rpId = options.rp.id ?? new URL(origin).hostname;
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const cose = isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, new Uint8Array(Buffer.from(jwk.x!, 'base64url'))],
      [-3, new Uint8Array(Buffer.from(jwk.y!, 'base64url'))],
    ]),
  );
  const credentialId = randomBytes(16);
  const idLength = Buffer.alloc(2);
  idLength.writeUInt16BE(credentialId.length);
  // rpIdHash, flags (UP | UV | AT), signCount 0, AAGUID (zeros), credential id, public key.
  const authData = Buffer.concat([sha256(rpId), Buffer.from([0x45]), Buffer.alloc(4), Buffer.alloc(16), idLength, credentialId, Buffer.from(cose)]);
  const attestationObject = isoCBOR.encode(new Map<string, unknown>([['fmt', 'none'], ['attStmt', new Map()], ['authData', new Uint8Array(authData)]]) as never);
  const id = b64u(credentialId);
  return {
    passkey: { id, userHandle: options.user.id, privateKey, counter: 0 },
    response: {
      id,
      rawId: id,
      type: 'public-key',
      response: { clientDataJSON: b64u(clientData('webauthn.create', options.challenge, origin)), attestationObject: b64u(attestationObject), transports: ['internal'] },
      clientExtensionResults: {},
    },
  };
}

/** Answers navigator.credentials.get() options with `passkey` (signing a fresh counter). */
export function signInWith(passkey: SoftPasskey, options: { challenge: string; rpId?: string }, origin: string, tamper = false): Record<string, unknown> {
  const rpId = options.rpId ?? new URL(origin).hostname;
  passkey.counter += 1;
  const counter = Buffer.alloc(4);
  counter.writeUInt32BE(passkey.counter);
  const authData = Buffer.concat([sha256(rpId), Buffer.from([0x05]), counter]);
  const data = clientData('webauthn.get', options.challenge, origin);
  const signer = createSign('SHA256');
  signer.update(Buffer.concat([authData, sha256(data)]));
  const signature = signer.sign(passkey.privateKey);
  if (tamper) signature[signature.length - 1]! ^= 1;
  return {
    id: passkey.id,
    rawId: passkey.id,
    type: 'public-key',
    response: { clientDataJSON: b64u(data), authenticatorData: b64u(authData), signature: b64u(signature), userHandle: passkey.userHandle },
    clientExtensionResults: {},
  };
}
