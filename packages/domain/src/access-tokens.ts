/**
 * Personal access tokens (issue #52): a person's token for their own AI assistant, which reaches
 * Assay over the Model Context Protocol. A token acts as its person in one organisation, read-only
 * or read-write, until it expires or is revoked; it never does more than its person may.
 */
import { z } from 'zod';

export const ACCESS_TOKENS = {
  /** Every token starts with this, so it is recognised in an Authorization header (and by scanners). */
  prefix: 'assay_pat_',
  defaultDays: 90,
  maxDays: 365,
  /** Live (unrevoked, unexpired) tokens a person may hold across their organisations. */
  perPerson: 20,
  nameMax: 100,
} as const;

/** Where the Model Context Protocol server answers (streamable HTTP). */
export const MCP_PATH = '/mcp';

/**
 * A JSON-RPC 2.0 message to the MCP server (a request, a notification, or a reply to the
 * server's own request); the MCP SDK checks each method's params.
 */
export const mcpMessageBody = z.looseObject({
  jsonrpc: z.literal('2.0'),
  id: z.union([z.string(), z.number()]).optional(),
  method: z.string().max(200).optional(),
  params: z.record(z.string(), z.unknown()).optional(),
});

export const ACCESS_LEVELS = ['read', 'write'] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];

/** POST /api/auth/tokens. */
export const personalAccessTokenBody = z.object({
  name: z.string().trim().min(1).max(ACCESS_TOKENS.nameMax).describe('What the token is for'),
  organizationId: z.uuid().describe('The organisation the token acts in'),
  access: z.enum(ACCESS_LEVELS).describe('read: look only; write: also add and change'),
  expiresInDays: z
    .number()
    .int()
    .min(1)
    .max(ACCESS_TOKENS.maxDays)
    .optional()
    .describe(`Days until it stops working (default ${ACCESS_TOKENS.defaultDays})`),
});
export type PersonalAccessTokenBody = z.infer<typeof personalAccessTokenBody>;

/** A token as its owner, or an owner or admin of its organisation, sees it (never its value). */
export const accessTokenAnswer = z.object({
  id: z.string(),
  name: z.string(),
  access: z.enum(ACCESS_LEVELS),
  organization: z.object({ id: z.string(), name: z.string() }),
  person: z.object({ profileId: z.string(), firstName: z.string(), lastName: z.string() }),
  createdAt: z.string(),
  expiresAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type AccessToken = z.infer<typeof accessTokenAnswer>;

/** The answer to POST /api/auth/tokens: the token's value, shown this once. */
export const createdAccessTokenAnswer = z.object({
  token: z.string(),
  accessToken: accessTokenAnswer,
});

export const accessTokensAnswer = z.object({ tokens: z.array(accessTokenAnswer) });
