import { describe, expect, it } from 'vitest';
import { parseRpcUrl } from '../../../lib/anchoring/rpc-url';

describe('parseRpcUrl', () => {
  it('takes an http(s) URL as it is, key and all', () => {
    expect(parseRpcUrl(' https://eth-sepolia.g.example/v2/k3y \n', 'EVM_RPC_URL')).toBe(
      'https://eth-sepolia.g.example/v2/k3y',
    );
    expect(parseRpcUrl('http://127.0.0.1:8545', 'EVM_RPC_URL')).toBe('http://127.0.0.1:8545');
  });

  it('refuses anything else, naming where it came from and never repeating the text (it may hold a key)', () => {
    for (const bad of ['', 'REPLACE_ME', 'wss://node.example/k3y-secret', 'ftp://node.example/k3y-secret']) {
      expect(() => parseRpcUrl(bad, 'The RPC-URL secret')).toThrow(
        'The RPC-URL secret does not hold an http(s) URL of a JSON-RPC node',
      );
    }
  });
});
