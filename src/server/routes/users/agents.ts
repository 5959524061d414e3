// New user backend: agents, their users, roles and role campaigns (SPEC.md section 7), scoped to
// the caller (section 6), plus the two calls the console uses to add and edit an agent in one
// transaction each (POST api/v1/agents/ and PATCH api/v1/agents/{id}/, ours: domain/agents/agents.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { agentPage, page } from '../../../contract/api';
import { agentRoleCampaign, agentUser, userRoleListed, userRoleWithUser } from '../../../contract/entities';
import { addAgentForm, agentQuery, editAgentForm, newUserRequest, userPatchRequest, userQuery, userRoleCampaignPatchRequest, userRoleCampaignRequest, userRolePatchRequest, userRoleQuery, userRoleRequest } from '../../../contract/schemas/agents';
import { idParams } from '../../../contract/schemas/fields';
import type { Databases } from '../../db/client';
import { addAgent, AGENT_SORT, editAgent, listAgents } from '../../domain/agents/agents';
import { createUser, listUsersByMsisdn, patchUser } from '../../domain/agents/fieldUsers';
import { createRole, createRoleCampaign, listRoles, patchRole, patchRoleCampaign } from '../../domain/agents/userRoles';
import { servicePageOf } from '../../http/pages';

export const agentRoutes = ({ db, reads }: Databases): FastifyPluginAsyncZod => async (app) => {
  app.get('/user-role-campaigns/', { schema: { summary: "List the agents (or gifters) in the caller's scope, with their user, role and campaign", operationId: 'listAgents', querystring: agentQuery, response: { 200: agentPage } } }, async (request) =>
    servicePageOf(request, AGENT_SORT, (params) => listAgents(reads, request.caller.scope, request.query, params)));

  app.post('/user-role-campaigns/', { schema: { summary: "Put a user's role (an agent's, or an admin's within the caller's reach) in one of the caller's campaigns", operationId: 'addRoleCampaign', body: userRoleCampaignRequest, response: { 201: agentRoleCampaign } } }, async (request, reply) =>
    reply.code(201).send(await createRoleCampaign(db, request.caller, request.body)));

  app.patch('/user-role-campaigns/:id/', { schema: { summary: "Move an agent's role to another campaign", operationId: 'updateRoleCampaign', params: idParams, body: userRoleCampaignPatchRequest, response: { 200: agentRoleCampaign } } }, async (request) =>
    patchRoleCampaign(db, request.caller, request.params.id, request.body));

  app.get('/users/', { schema: { summary: 'Find the field users the caller sees by mobile number', operationId: 'findUsers', querystring: userQuery, response: { 200: page(agentUser) } } }, async (request) =>
    servicePageOf(request, [], (params) => listUsersByMsisdn(reads, request.caller, request.query, params)));

  app.post('/users/', { schema: { summary: 'Add a field user, without a role yet', operationId: 'addUser', body: newUserRequest, response: { 201: agentUser } } }, async (request, reply) =>
    reply.code(201).send(await createUser(db, request.caller, request.body)));

  app.patch('/users/:id/', { schema: { summary: "Change a field user's name or mobile number", operationId: 'updateUser', params: idParams, body: userPatchRequest, response: { 200: agentUser } } }, async (request) =>
    patchUser(db, request.caller, request.params.id, request.body));

  app.get('/user-roles/', { schema: { summary: 'List the roles of the given users, each with its user, its agency name and its role campaigns', operationId: 'listUserRoles', querystring: userRoleQuery, response: { 200: page(userRoleListed) } } }, async (request) =>
    servicePageOf(request, [], (params) => listRoles(reads, request.caller, request.query, params)));

  app.post('/user-roles/', { schema: { summary: "Give a user a role in one of the caller's agencies: an admin role only within the caller's reach", operationId: 'addUserRole', body: userRoleRequest, response: { 201: userRoleWithUser } } }, async (request, reply) =>
    reply.code(201).send(await createRole(db, request.caller, request.body)));

  app.patch('/user-roles/:id/', { schema: { summary: "Change a role's agency, status or end date (end or suspend it)", operationId: 'updateUserRole', params: idParams, body: userRolePatchRequest, response: { 200: userRoleWithUser } } }, async (request) =>
    patchRole(db, request.caller, request.params.id, request.body));

  // Ours: the console adds and edits an agent in one call each, so nothing stops halfway.
  app.post('/agents/', { schema: { summary: 'Add an agent: the user, its Agent role and its campaign in one transaction', operationId: 'addAgent', body: addAgentForm, response: { 201: agentRoleCampaign } } }, async (request, reply) =>
    reply.code(201).send(await addAgent(db, request.caller, request.body)));

  app.patch('/agents/:id/', { schema: { summary: "Edit an agent's name, number, status, agency or campaign in one transaction", operationId: 'editAgent', params: idParams, body: editAgentForm, response: { 200: agentRoleCampaign } } }, async (request) =>
    editAgent(db, request.caller, request.params.id, request.body));
};
