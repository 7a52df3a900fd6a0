// Submodules only: the crypto-js entry point would pull every cipher and hash into the bundle.
import AES from 'crypto-js/aes';
import CryptoJS from 'crypto-js/core';
import Hex from 'crypto-js/enc-hex';
import Utf8 from 'crypto-js/enc-utf8';
import ECB from 'crypto-js/mode-ecb';
import NoPadding from 'crypto-js/pad-nopadding';
import Pkcs7 from 'crypto-js/pad-pkcs7';
import { config } from '@/config/env';

/**
 * Spec §9: hex-encoded values are AES-ECB-PKCS7 ciphertext under a fixed key (config.aesKey, read as
 * UTF-8), and decrypt to UTF-8 text.
 */
export const DECRYPT_FAILED_MESSAGE = '数据解密失败';

const BLOCK_BYTES = 16;
const AES_KEY_BYTES = [16, 24, 32];
const HEX_CIPHERTEXT = /^(?:[0-9a-f]{32})+$/i;

type WordArray = CryptoJS.lib.WordArray;

function parseKey(key: string): WordArray {
  const parsed = Utf8.parse(key);
  if (!AES_KEY_BYTES.includes(parsed.sigBytes)) {
    throw new Error(`AES key must be 16, 24 or 32 bytes of UTF-8, got ${parsed.sigBytes}`);
  }
  return parsed;
}

function byteAt(words: WordArray, index: number): number {
  return (words.words[index >>> 2] >>> (24 - (index % 4) * 8)) & 0xff;
}

/**
 * Removes PKCS7 padding after checking all of it. crypto-js's own unpad reads only the last byte, so a
 * wrong key would often "succeed" with garbage; checking every padding byte turns that into an error.
 */
function removePkcs7Padding(plain: WordArray): WordArray {
  const length = plain.sigBytes;
  const padding = length > 0 ? byteAt(plain, length - 1) : 0;
  if (padding < 1 || padding > BLOCK_BYTES || padding > length) throw new Error(DECRYPT_FAILED_MESSAGE);
  for (let i = length - padding; i < length; i += 1) {
    if (byteAt(plain, i) !== padding) throw new Error(DECRYPT_FAILED_MESSAGE);
  }
  plain.sigBytes = length - padding;
  return plain;
}

function decryptWith(hex: string, keyWords: WordArray): string {
  const cipherHex = hex.trim();
  if (!HEX_CIPHERTEXT.test(cipherHex)) throw new Error(DECRYPT_FAILED_MESSAGE);
  const cipherParams = CryptoJS.lib.CipherParams.create({ ciphertext: Hex.parse(cipherHex) });
  const padded = AES.decrypt(cipherParams, keyWords, { mode: ECB, padding: NoPadding });
  let text: string;
  try {
    text = Utf8.stringify(removePkcs7Padding(padded));
  } catch {
    throw new Error(DECRYPT_FAILED_MESSAGE);
  }
  if (text === '') throw new Error(DECRYPT_FAILED_MESSAGE);
  return text;
}

/**
 * Throws an Error (message DECRYPT_FAILED_MESSAGE) when the input is not whole blocks of hex, the
 * padding is wrong, or the text is empty or not UTF-8; a key that is not 16, 24 or 32 bytes also throws.
 */
export function decryptHex(hex: string, key: string = config.aesKey): string {
  return decryptWith(hex, parseKey(key));
}

/**
 * The decrypted text, or null when the value is not a ciphertext under this key. A key of the wrong
 * length still throws: that is a configuration error, not a property of the value.
 */
export function tryDecryptHex(value: string, key: string = config.aesKey): string | null {
  const keyWords = parseKey(key);
  try {
    return decryptWith(value, keyWords);
  } catch {
    return null;
  }
}

/** Lower-case hex AES-ECB-PKCS7 ciphertext of the UTF-8 text; the counterpart of decryptHex (tests, demo backend). */
export function encryptToHex(plain: string, key: string = config.aesKey): string {
  return AES.encrypt(Utf8.parse(plain), parseKey(key), { mode: ECB, padding: Pkcs7 }).ciphertext.toString(
    Hex,
  );
}
