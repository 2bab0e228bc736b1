/**
 * The settings of shards on several hosts and of the shared REST proxy (src/config.ts): SHARD_LIST's forms, the
 * SHARD_COUNT it needs, ids beyond the count, and REST_PROXY_URL with or without its /api path.
 */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';

const fails = (env: Record<string, string>): string => {
  try {
    loadConfig(env);
  } catch (err) {
    return (err as Error).message;
  }
  throw new Error(`accepted ${JSON.stringify(env)}`);
};

describe('SHARD_LIST', () => {
  it.each([
    ['0', [0]],
    ['0,1', [0, 1]],
    ['0-3', [0, 1, 2, 3]],
    [' 6, 0-2 ,2', [0, 1, 2, 6]],
  ])('reads %j as the shard ids %j', (list, ids) => {
    expect(loadConfig({ SHARD_LIST: list, SHARD_COUNT: '8' }).SHARD_LIST).toEqual(ids);
  });

  it('is unset (every shard) unless given', () => {
    expect(loadConfig({ SHARD_COUNT: '2' }).SHARD_LIST).toBeUndefined();
  });

  it('needs SHARD_COUNT, the number of shards on all hosts together', () => {
    expect(fails({ SHARD_LIST: '0,1' })).toMatch(/SHARD_LIST needs SHARD_COUNT.*\n.*at SHARD_COUNT/);
  });

  it.each(['0,x', '3-1', '-1', '0..3', ','])('refuses %j, saying what it expects', (list) => {
    expect(fails({ SHARD_LIST: list, SHARD_COUNT: '8' })).toMatch(/SHARD_LIST must list shard ids like 0,1 or 0-3/);
  });

  it('refuses ids beyond SHARD_COUNT', () => {
    expect(fails({ SHARD_LIST: '2-3', SHARD_COUNT: '3' })).toContain('SHARD_LIST names shard ids from 0 to SHARD_COUNT - 1 (2); got 2,3');
  });
});

describe('REST proxy settings', () => {
  it.each([
    ['http://10.0.0.5:8080/api', 'http://10.0.0.5:8080/api'],
    ['http://10.0.0.5:8080', 'http://10.0.0.5:8080/api'],
    ['http://proxy.internal:8080/api/', 'http://proxy.internal:8080/api'],
  ])('REST_PROXY_URL %s is used as %s', (given, used) => {
    expect(loadConfig({ REST_PROXY_URL: given }).REST_PROXY_URL).toBe(used);
  });

  it('refuses a REST_PROXY_URL that is not http(s)', () => {
    expect(fails({ REST_PROXY_URL: 'redis://10.0.0.5:8080' })).toContain('REST_PROXY_URL must look like http://10.0.0.5:8080/api');
  });

  it('binds the proxy to this machine unless told otherwise', () => {
    expect(loadConfig({ REST_PROXY_PORT: '8080' })).toMatchObject({ REST_PROXY_PORT: 8080, REST_PROXY_HOST: '127.0.0.1' });
  });
});
