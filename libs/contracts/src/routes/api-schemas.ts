import type { ZodType } from 'zod';
import {
  accountDeletionRequestSchema,
  accountUpdateRequestSchema,
  addHelperRequestSchema,
  addLicenseRequestSchema,
  addSubPlanRequestSchema,
  attachCaptureRequestSchema,
  auditQuerySchema,
  behaviorListQuerySchema,
  changeEmailRequestSchema,
  changePasswordRequestSchema,
  childEvaluationsQuerySchema,
  childExportQuerySchema,
  childReportQuerySchema,
  createChildRequestSchema,
  createEvaluationRequestSchema,
  createItemRequestSchema,
  createSubscriptionRequestSchema,
  detailedViewQuerySchema,
  discardCaptureRequestSchema,
  endSessionRequestSchema,
  evaluationHistoryQuerySchema,
  giveConsentRequestSchema,
  handOverCaptureRequestSchema,
  helpersQuerySchema,
  itemStatusQuerySchema,
  loginRequestSchema,
  masteryCriterionRequestSchema,
  offerOwnershipRequestSchema,
  planFormRequestSchema,
  planListQuerySchema,
  planStatusQuerySchema,
  recordedCaptureFieldsSchema,
  registerRequestSchema,
  rejectSuggestionRequestSchema,
  removeLicenseRequestSchema,
  reportSettingsRequestSchema,
  resetPasswordRequestSchema,
  sessionListQuerySchema,
  setEvaluationResultRequestSchema,
  setPasswordRequestSchema,
  startSessionRequestSchema,
  tokenRequestSchema,
  updateSubscriptionStatusRequestSchema,
  userListQuerySchema,
} from '../api/index.js';

/** The zod schemas a call's input is validated with, as its service parses it. */
export interface ApiSchemas {
  /** The JSON body. */
  body?: ZodType;
  /** The query string's parameters, as one object schema. */
  query?: ZodType;
}

/**
 * Keyed `${method} ${path}`, the path as API_ROUTES writes it (no query string), in API_ROUTES' order. Only the
 * schemas of `../api` its controller parses the body or the whole query with; path parameters are not here.
 *
 * Left out on purpose (the service validates them otherwise):
 * - `POST /api/child/{id}/behavior/create`: the body is read by `parseBehaviorForm`, a function, not a schema.
 * - `POST /api/child/{childId}/behavior-abc/log`: the body is read by `parseAbcForm` (a function), only its capture
 *   fields by `recordedCaptureFieldsSchema`, which alone would describe part of the body.
 * - `POST /api/child/{id}/helper/add`: the query (`access_type`) is parsed with a schema of the therapy service.
 */
export const API_SCHEMAS: Readonly<Record<string, ApiSchemas>> = {
  // Session and account
  'POST /api/login': { body: loginRequestSchema },
  'POST /api/register': { body: registerRequestSchema },
  'POST /api/reset-password': { body: resetPasswordRequestSchema },
  'POST /api/token/reset-password': { body: setPasswordRequestSchema },
  'POST /api/token/activate-user': { body: tokenRequestSchema },
  'POST /api/token/confirm-email': { body: tokenRequestSchema },
  // Children, licences, billing
  'POST /api/child/create': { body: createChildRequestSchema },
  'POST /api/child/add-license': { body: addLicenseRequestSchema },
  'POST /api/child/remove-license': { body: removeLicenseRequestSchema },
  'GET /api/child/{id}/evaluations': { query: childEvaluationsQuerySchema },
  // Admin
  'GET /api/user/list': { query: userListQuerySchema },
  'POST /api/subscription/create': { body: createSubscriptionRequestSchema },
  'POST /api/subscription/update-status': { body: updateSubscriptionStatusRequestSchema },
  // Behaviours
  'GET /api/child/{id}/behavior/list': { query: behaviorListQuerySchema },
  'POST /api/behavior/{id}/log': { body: recordedCaptureFieldsSchema },
  // Helpers
  'GET /api/child/{id}/helpers': { query: helpersQuerySchema },
  'POST /api/child/{id}/helper/add': { body: addHelperRequestSchema },
  // Plans and sub-plans
  'GET /api/child/{id}/plan/list': { query: planListQuerySchema },
  'GET /api/child/{id}/sub-plan/list': { query: planListQuerySchema },
  'POST /api/child/{id}/plan/create': { body: planFormRequestSchema },
  'POST /api/child/{id}/sub-plan/create': { body: planFormRequestSchema },
  'POST /api/plan/{id}/set-status': { query: planStatusQuerySchema },
  'POST /api/sub-plan/{id}/set-status': { query: planStatusQuerySchema },
  'GET /api/child/{id}/plan/{planId}/detailed-view': { query: detailedViewQuerySchema },
  // `child_id` is read by the child-access guard; the schema parses the rest of the query (`status`).
  'GET /api/sub-plan/list': { query: planListQuerySchema },
  'POST /api/child/{id}/plan/{planId}/add-sub-plan': { body: addSubPlanRequestSchema },
  // Items and evaluations
  'POST /api/sub-plan-item/create': { body: createItemRequestSchema },
  'POST /api/sub-plan-item/{id}/set-status': { query: itemStatusQuerySchema },
  'POST /api/sub-plan-item/{id}/evaluation/create': { body: createEvaluationRequestSchema },
  'POST /api/child/{id}/plan/{planId}/item/{itemId}/evaluation/create': {
    body: createEvaluationRequestSchema,
  },
  'GET /api/sub-plan-item/{id}/evaluations': { query: evaluationHistoryQuerySchema },
  'POST /api/item-evaluation/{id}/set-result': { body: setEvaluationResultRequestSchema },
  // Sessions
  'POST /api/child/{id}/session/start': { body: startSessionRequestSchema },
  'POST /api/child/{id}/session/{sessionId}/end': { body: endSessionRequestSchema },
  'GET /api/child/{id}/session/list': { query: sessionListQuerySchema },
  // Mastery
  'POST /api/child/{id}/mastery-criterion': { body: masteryCriterionRequestSchema },
  'POST /api/child/{id}/sub-plan/{planId}/mastery-criterion': { body: masteryCriterionRequestSchema },
  'POST /api/sub-plan-item/{id}/mastery-criterion': { body: masteryCriterionRequestSchema },
  'POST /api/mastery-suggestion/{id}/reject': { body: rejectSuggestionRequestSchema },
  // Needs attention, consent, ownership
  'POST /api/child/{id}/needs-attention/create': { body: handOverCaptureRequestSchema },
  'POST /api/child/{id}/needs-attention/{entryId}/attach': { body: attachCaptureRequestSchema },
  'POST /api/child/{id}/needs-attention/{entryId}/discard': { body: discardCaptureRequestSchema },
  'POST /api/child/{id}/consent/give': { body: giveConsentRequestSchema },
  'POST /api/child/{id}/ownership/offer': { body: offerOwnershipRequestSchema },
  // Audit, exports and reports
  'GET /api/child/{id}/audit': { query: auditQuerySchema },
  'GET /api/child/{id}/export': { query: childExportQuerySchema },
  'GET /api/child/{id}/report/parent': { query: childReportQuerySchema },
  'GET /api/child/{id}/report/clinician': { query: childReportQuerySchema },
  'POST /api/child/{id}/report/settings': { body: reportSettingsRequestSchema },
  // The user's own account
  'POST /api/account/update': { body: accountUpdateRequestSchema },
  'POST /api/account/change-password': { body: changePasswordRequestSchema },
  'POST /api/account/change-email': { body: changeEmailRequestSchema },
  'POST /api/account/delete': { body: accountDeletionRequestSchema },
};
