import { DECRYPT_FAILED_MESSAGE, decryptHex, encryptToHex, tryDecryptHex } from '@/lib/crypto';
import { config } from '@/config/env';

// Known answers from OpenSSL, independent of crypto-js:
//   printf '%s' TEXT | openssl enc -aes-128-ecb -K $(printf 0123456789abcdef | xxd -p) | xxd -p
const KEY = '0123456789abcdef';
const WRONG_KEY = 'fedcba9876543210';
const HELLO = '674c7ef38e78cabd9cec9c125823a639';

describe('AES-ECB-PKCS7 hex', () => {
  it('the test key is the configured key', () => {
    expect(config.aesKey).toBe(KEY);
  });

  it.each([
    ['hello', HELLO, KEY],
    ['检测报告已出', '7120a32676c67f7996d2f7dad3c1a55512def352dbc39a821f4465ff25c5f2cd', KEY],
    ['exactly16bytes!!', 'bf24a1d62ea995fab0141297665c9e22377222e061a924c591cd9c27ea163ed4', KEY],
    ['hello', 'a59c096412eecb79830021104f861307', '0123456789abcdef0123456789abcdef'],
  ])('%j <-> %s (key of %j)', (plain, hex, key) => {
    expect(encryptToHex(plain, key)).toBe(hex);
    expect(decryptHex(hex, key)).toBe(plain);
    expect(decryptHex(hex.toUpperCase(), key)).toBe(plain);
    expect(tryDecryptHex(hex, key)).toBe(plain);
  });

  it.each([
    ['one character', 'a'],
    ['Chinese and digits', '手机号 13800138000'],
    ['JSON', '{"reportId":42,"name":"张三"}'],
    ['1000 characters', 'x'.repeat(1000)],
  ])('round trip with the configured key: %s', (_case, plain) => {
    const hex = encryptToHex(plain);
    expect(hex).toMatch(/^[0-9a-f]+$/);
    expect(hex.length % 32).toBe(0);
    expect(decryptHex(hex)).toBe(plain);
  });

  it.each([
    [HELLO, WRONG_KEY, 'wrong key'],
    ['', KEY, 'empty input'],
    ['   ', KEY, 'white space'],
    ['674c7ef38e78cabd9cec9c125823a63', KEY, 'odd length'],
    ['674c7ef38e78cabd9cec9c125823a6', KEY, 'not whole blocks'],
    ['zz4c7ef38e78cabd9cec9c125823a639', KEY, 'not hex'],
    ['hello world', KEY, 'plain text'],
    ['377222e061a924c591cd9c27ea163ed4', KEY, 'ciphertext of the empty string'],
    ['30f2b0b55516ff5adebe74e2b7dd7282', KEY, 'padding byte 00'],
    ['cfd8ef83eac494e9d9ea34e49edd194b', KEY, 'padding bytes that disagree (03 02 03)'],
    ['00c92ec342c8042486a8d13aff56b662', KEY, 'valid padding around bytes that are not UTF-8'],
  ])('%j with %j fails (%s)', (hex, key) => {
    expect(() => decryptHex(hex, key)).toThrow(new Error(DECRYPT_FAILED_MESSAGE));
    expect(tryDecryptHex(hex, key)).toBeNull();
  });

  it('fails with a wrong key for many texts, not only by luck', () => {
    for (let i = 0; i < 200; i += 1) {
      const hex = encryptToHex(`样本${i}`, KEY);
      expect(tryDecryptHex(hex, WRONG_KEY)).toBeNull();
    }
  });

  it.each([[''], ['short'], ['0123456789abcdef0']])(
    'a key of the wrong length (%j) is a configuration error',
    (key) => {
      expect(() => decryptHex(HELLO, key)).toThrow(/AES key/);
      expect(() => tryDecryptHex(HELLO, key)).toThrow(/AES key/);
      expect(() => encryptToHex('hello', key)).toThrow(/AES key/);
    },
  );
});
