/**
 * What each REST route is for, for the OpenAPI document (served at /api/docs/openapi.json). A
 * test fails when a route is added without a line here. `auth` says what proves who calls:
 * the session cookie, a personal token (Bearer), a project's API key, a shared secret, or nothing.
 */
import { ACCOUNT_ROUTES } from './account-routes.ts';
import type { RouteDoc } from './route-doc.ts';

export type { RouteAuth, RouteDoc } from './route-doc.ts';

export const REST_ROUTES: Record<string, RouteDoc> = {
  // System
  'POST /api/gateway/query': {
    summary: 'The GraphQL gateway (schema at /api/docs/gateway.graphql).',
    auth: 'session',
  },
  'GET /sub/:channel': {
    summary: 'Realtime websocket of a channel (p, c, o, a, m or i followed by an id).',
    auth: 'session',
  },
  ...ACCOUNT_ROUTES,
  // Organisations
  // Billing
  // Projects
  // (the project's own routes declare themselves: modules/projects/routes.ts)
  'GET /api/proj/projects/:id/token': {
    summary: 'The project’s API key for Zapier (project admins).',
    auth: 'session',
  },
  // Collections
  // Cards
  'PUT /api/canvas/cards/:cardId/meeting': {
    summary: 'Sets an interview’s video-meeting details.',
    auth: 'session',
  },
  'POST /api/canvas/cards/:cardId/meeting/recording': {
    summary: 'Imports the meeting’s cloud recording (Zoom) for transcription.',
    auth: 'session',
  },
  // Media
  // Notifications
  // Cohorts
  // Public portal
  // Integrations
  'GET /api/proj/projects/:id/integrations': {
    summary: 'A project’s integrations and their state.',
    auth: 'session',
  },
  'GET /api/proj/projects/:id/integrations/:name': {
    summary: 'One integration’s state.',
    auth: 'session',
  },
  'DELETE /api/proj/projects/:id/integrations/:name': {
    summary: 'Disconnects an integration.',
    auth: 'session',
  },
  'PUT /api/proj/projects/:id/slack': {
    summary: 'Connects Slack (incoming webhook, channel, events).',
    auth: 'session',
  },
  'POST /api/proj/projects/:id/integrations/slack/test': {
    summary: 'Posts a test message to Slack.',
    auth: 'session',
  },
  'PUT /api/proj/projects/:id/jira': {
    summary: 'Connects Jira Cloud (checked with /myself when configure=true).',
    auth: 'session',
  },
  'POST /api/canvas/cards/:cardId/jira': {
    summary: 'Sends a card to Jira as an issue.',
    auth: 'session',
  },
  'GET /api/canvas/cards/:cardId/jira/:kind': {
    summary: 'A card’s Jira link or create metadata.',
    auth: 'session',
  },
  'POST /api/proj/projects/:id/trello': {
    summary: 'Connects Trello with a member token.',
    auth: 'session',
  },
  'GET /api/canvas/cards/:cardId/trello': {
    summary: 'The Trello cards linked to an idea.',
    auth: 'session',
  },
  'POST /api/canvas/cards/:cardId/trello': {
    summary: 'Links a Trello card to an idea.',
    auth: 'session',
  },
  'DELETE /api/canvas/cards/:cardId/trello/:trelloId': {
    summary: 'Unlinks a Trello card.',
    auth: 'session',
  },
  'PUT /api/proj/projects/:id/intercom': {
    summary: 'Connects Intercom with an access token.',
    auth: 'session',
  },
  'POST /api/proj/projects/:id/integrations/intercom/import': {
    summary: 'Imports Intercom conversations as evidence.',
    auth: 'session',
  },
  'PUT /api/proj/projects/:id/figma': {
    summary: 'Connects Figma with a personal access token.',
    auth: 'session',
  },
  'PUT /api/canvas/cards/:cardId/figma': {
    summary: 'Links a Figma design file to an idea.',
    auth: 'session',
  },
  'PUT /api/proj/projects/:id/zoom': {
    summary: 'Connects a Zoom Server-to-Server OAuth app.',
    auth: 'session',
  },
  'PUT /api/proj/projects/:id/zapier': {
    summary: 'Connects Zapier for the project.',
    auth: 'session',
  },
  'PATCH /api/proj/projects/:id/zapier': { summary: 'Turns Zapier on or off.', auth: 'session' },
  'GET /api/zapier/me': {
    summary: 'Zapier’s connection test: the project of the API key.',
    auth: 'projectKey',
  },
  'POST /api/zapier/hooks': { summary: 'Subscribes a Zapier REST hook.', auth: 'projectKey' },
  'DELETE /api/zapier/hooks/:hookId': {
    summary: 'Unsubscribes a Zapier REST hook.',
    auth: 'projectKey',
  },
  'GET /api/zapier/samples/:event': {
    summary: 'Sample payloads of an event for Zapier.',
    auth: 'projectKey',
  },
  'POST /api/inbound/mail': {
    summary: 'Inbound mail for a project inbox (raw message; x-inbound-secret).',
    auth: 'secret',
  },
  'GET /api/extension/projects': {
    summary: 'Projects the browser extension may clip to.',
    auth: 'token',
  },
  'POST /api/extension/evidence': {
    summary: 'Clips a page as a published evidence post.',
    auth: 'token',
  },
};
