#!/usr/bin/env node
/**
 * assay-mcp (issue #52): Assay's MCP server for assistants that only start local processes. It
 * speaks MCP over stdio and forwards every call to an Assay server's /mcp with a personal access
 * token, so the tools, the canvas resource and the prompts are the server's own.
 *
 *   npx assay-mcp --url https://app.example.com --token assay_pat_…
 *   (or ASSAY_URL and ASSAY_TOKEN in the environment)
 */
import { parseArgs } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import {
  CallToolRequestSchema,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';

const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    token: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});
const url = values.url ?? process.env.ASSAY_URL;
const token = values.token ?? process.env.ASSAY_TOKEN;
if (values.help || !url || !token) {
  process.stderr.write(
    'Usage: assay-mcp --url <Assay server, e.g. https://app.example.com> --token <assay_pat_…>\n' +
      '       (or ASSAY_URL and ASSAY_TOKEN). Make a token in Settings → Your profile → Access tokens.\n',
  );
  process.exit(values.help ? 0 : 2);
}

const remote = new Client({ name: 'assay-mcp', version: '1.0.0' });
await remote.connect(
  new StreamableHTTPClientTransport(new URL('/mcp', url), {
    requestInit: { headers: { authorization: `Bearer ${token}` } },
  }),
);
const offered = remote.getServerCapabilities() ?? {};
const local = new Server(
  { name: 'assay', version: remote.getServerVersion()?.version ?? '1.0.0' },
  {
    capabilities: {
      ...(offered.tools ? { tools: {} } : {}),
      ...(offered.resources ? { resources: {} } : {}),
      ...(offered.prompts ? { prompts: {} } : {}),
    },
    ...(remote.getInstructions() ? { instructions: remote.getInstructions() } : {}),
  },
);
local.setRequestHandler(ListToolsRequestSchema, (request) => remote.listTools(request.params));
local.setRequestHandler(CallToolRequestSchema, (request) => remote.callTool(request.params));
local.setRequestHandler(ListResourcesRequestSchema, (request) =>
  remote.listResources(request.params),
);
local.setRequestHandler(ListResourceTemplatesRequestSchema, (request) =>
  remote.listResourceTemplates(request.params),
);
local.setRequestHandler(ReadResourceRequestSchema, (request) =>
  remote.readResource(request.params),
);
local.setRequestHandler(ListPromptsRequestSchema, (request) => remote.listPrompts(request.params));
local.setRequestHandler(GetPromptRequestSchema, (request) => remote.getPrompt(request.params));
local.onclose = () => void remote.close();
await local.connect(new StdioServerTransport());
