/**
 * Compiled by `tsc --noEmit` (the static-checks self-test): clause ids, check names and endpoint names are
 * literal types derived from their registries, so a typo does not compile. Each `@ts-expect-error` below
 * must find an error; were one of these types to widen to `string`, the directive itself would fail tsc.
 */
import type { CheckName } from '../../checks/names.js';
import type { ClauseId } from '../../specification/clauses.js';
import type { EndpointRequest } from '../../client/http.js';
import type { DescriptorName, EndpointName } from '../../specification/endpoints.js';

export const knownClause: ClauseId = 'submit-and-wait.commandId.required';
// @ts-expect-error an unknown clause id is a type error
export const unknownClause: ClauseId = 'submit-and-wait.commandId.requird';
// @ts-expect-error a clause id of a canton file with a typo is a type error too
export const unknownCantonClause: ClauseId = 'canton.users.limits.user-id.limit.max-129';

export const knownCheck: CheckName = 'negative_data_rejection';
// @ts-expect-error an unknown check name is a type error
export const unknownCheck: CheckName = 'negative_rejection';

export const knownEndpoint: EndpointName = 'update-by-offset';
// @ts-expect-error an unknown endpoint name is a type error
export const unknownEndpoint: EndpointName = 'update_by_offset';

// Clauses, the client and the suites name an endpoint by its descriptor (specification/endpoints.ts), never by its path.
export const knownDescriptor: DescriptorName = 'users.get';
// @ts-expect-error a method and path is not a descriptor name
export const pathAsDescriptor: DescriptorName = 'GET /v2/users/{user-id}';
// @ts-expect-error a group names a test's endpoint, not a request's
export const groupAsDescriptor: DescriptorName = 'participant';
export const knownRequest: EndpointRequest = { endpoint: 'scan.dso' };
// @ts-expect-error an unknown endpoint in a request is a type error
export const unknownRequest: EndpointRequest = { endpoint: 'scan.dsoo' };
