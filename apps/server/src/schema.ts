/** Every table of every module and of the plumbing, for drizzle-kit (the composition root's list). */
export * from './modules/auth/schema.ts';
export * from './modules/organizations/schema.ts';
export * from './modules/organizations/sso-schema.ts';
export * from './modules/projects/schema.ts';
export * from './modules/organizations/navigation-schema.ts';
export * from './platform/mail/schema.ts';
export * from './platform/events/schema.ts';
export * from './modules/cards/schema.ts';
export * from './modules/media/schema.ts';
export * from './modules/comments/schema.ts';
export * from './modules/notifications/schema.ts';
export * from './modules/generation/schema.ts';
export * from './platform/payments/schema.ts';
export * from './modules/portal/schema.ts';
export * from './modules/cohorts/schema.ts';
export * from './modules/integrations/schema.ts';
export * from './modules/sso/schema.ts';
