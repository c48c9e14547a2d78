import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, REPO_ROOT } from './config.ts';

describe('config', () => {
  it('has embedded defaults', () => {
    const config = loadConfig({ APP_VERSION: 'x' });
    expect(config).toMatchObject({
      env: 'development',
      port: 3000,
      appDomain: 'localhost:3000',
      databaseUrl: undefined,
      jobsEnabled: true,
    });
    expect(config.dataDir).toBe(path.join(REPO_ROOT, 'data'));
  });

  it('reads overrides and follows PORT in the default domain', () => {
    const config = loadConfig({
      PORT: '4100',
      DATA_DIR: '/tmp/assay-x',
      DATABASE_URL: 'postgres://u@127.0.0.1:5432/assay',
      JOBS_ENABLED: 'false',
    });
    expect(config).toMatchObject({
      port: 4100,
      appDomain: 'localhost:4100',
      dataDir: '/tmp/assay-x',
      databaseUrl: 'postgres://u@127.0.0.1:5432/assay',
      jobsEnabled: false,
    });
  });

  it('reads beta codes to create', () => {
    expect(loadConfig({ LICENSE_KEYS: 'BIZ2026:business, LAB:academic:30' }).licenseKeys).toEqual([
      { code: 'BIZ2026', license: 'business', maxUses: null },
      { code: 'LAB', license: 'academic', maxUses: 30 },
    ]);
    expect(() => loadConfig({ LICENSE_KEYS: 'no license' })).toThrow('LICENSE_KEYS');
  });

  it('reads the organisations named for slug-limited features', () => {
    expect(
      loadConfig({ FEATURE_SLUGS: 'cohortGuests:acme|lab, cohortAgents:lab' }).featureSlugs,
    ).toEqual({
      cohortGuests: ['acme', 'lab'],
      cohortAgents: ['lab'],
    });
  });

  it('reads the S3 settings only as a complete set', () => {
    expect(loadConfig({}).s3).toBeUndefined();
    expect(
      loadConfig({
        S3_ENDPOINT: 'http://127.0.0.1:9000/',
        S3_BUCKET: 'files',
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
      }).s3,
    ).toEqual({
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'files',
      region: 'us-east-1',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
    });
    expect(() => loadConfig({ S3_BUCKET: 'files' })).toThrow(ConfigError);
    // The direct connection to the server comes with the pooler's (#54).
    expect(() => loadConfig({ DATABASE_DIRECT_URL: 'postgres://u@127.0.0.1:5432/assay' })).toThrow(
      'DATABASE_DIRECT_URL',
    );
  });

  it('names every bad setting', () => {
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', NODE_ENV: 'staging' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems.join('\n');
      expect(problems).toContain('PORT');
      expect(problems).toContain('DATABASE_URL');
      expect(problems).toContain('NODE_ENV');
    }
  });
});
