/** A route's line in the OpenAPI document: what it is for, and what proves who calls. */
import type { z } from 'zod';

export type RouteAuth =
  'session' | 'public' | 'token' | 'accessToken' | 'projectKey' | 'secret' | 'metrics';

export interface RouteDoc {
  summary: string;
  auth: RouteAuth;
  /** Shapes for the document only (the route checks its input itself). */
  params?: z.ZodType;
  body?: z.ZodType;
  answer?: z.ZodType;
}
