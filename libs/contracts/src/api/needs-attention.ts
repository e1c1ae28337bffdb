import { z } from 'zod';
import { ABC_TEXT_MAX } from './behaviors.js';
import { evaluationResultSchema, PlanLimits } from './plans.js';
import { captureFieldsSchema, SessionMessages } from './sessions.js';
import { text } from './text.js';

/**
 * Captures "needing attention" (issue 16, ADR 0044): a phone recorded a trial, an occurrence or an ABC entry offline
 * and, when it reached the server, the goal or behaviour it was for had been deleted, or its author had left the
 * child's team. The phone hands it over instead of dropping it; the child's owner and coordinators attach it to another goal or behaviour (it is then recorded as
 * its author captured it) or discard it with a reason; its author sees which.
 */
export const NEEDS_ATTENTION_KINDS = ['evaluation', 'behavior-log', 'abc-entry'] as const;
export type NeedsAttentionKind = (typeof NEEDS_ATTENTION_KINDS)[number];

export const NEEDS_ATTENTION_STATES = ['WAITING', 'ATTACHED', 'DISCARDED'] as const;
export type NeedsAttentionState = (typeof NEEDS_ATTENTION_STATES)[number];

/**
 * Why it needs attention: what it was captured for was deleted, its author left the child's team, or the child was
 * deleted (it waits for the child's restore) before it arrived.
 */
export const NEEDS_ATTENTION_REASONS = ['TARGET_DELETED', 'ACCESS_ENDED', 'CHILD_DELETED'] as const;
export type NeedsAttentionReason = (typeof NEEDS_ATTENTION_REASONS)[number];

/** The most a discard reason may hold. */
export const NEEDS_ATTENTION_TEXT_MAX = 500;

export const NeedsAttentionMessages = {
  kindInvalid: `kind: expected one of ${NEEDS_ATTENTION_KINDS.join(', ')}`,
  targetInvalid: 'target_id: expected the id of the goal or behaviour it was captured for',
  captureInvalid: 'The capture could not be read: send it again from the phone',
  targetStillThere: 'What it was captured for still exists: send the capture again',
  capturedAfterLeaving: "It was captured after its author left the child's team",
  entryNotFound: 'This capture is not in the list of captures to check',
  alreadyResolved: 'Someone already decided on this capture',
  attachTargetNotFound: 'Choose a goal or behaviour of this child',
  discardReasonRequired: 'Say why the capture is discarded',
  handedOver:
    "It could not be recorded as made (its goal or behaviour was deleted, or your access to the child ended): it went to the child's coordinators, who attach it or discard it",
  attached: 'The capture was recorded',
  discarded: 'The capture was discarded',
} as const;

/** An ABC entry's antecedent or consequence, as the ABC form lets it be. */
const abcTextSchema = text(ABC_TEXT_MAX).min(1, { error: NeedsAttentionMessages.captureInvalid });

/** What was captured, by kind: the result of a trial, nothing more for an occurrence, the A and C of an ABC entry. */
export const needsAttentionRecordSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('evaluation'), result: evaluationResultSchema }),
    z.object({ kind: z.literal('behavior-log') }),
    z.object({ kind: z.literal('abc-entry'), antecedent: abcTextSchema, consequence: abcTextSchema }),
  ],
  { error: NeedsAttentionMessages.kindInvalid },
);
export type NeedsAttentionRecord = z.infer<typeof needsAttentionRecordSchema>;

/**
 * POST /api/child/{id}/needs-attention/create: a capture the server refused with 404 because its goal or behaviour is
 * gone, or with 403 because its author left the team after making it, handed over by the phone of its author. `id` is the capture's own (a repeat answers 200 with the entry as
 * first handed over), `target_id` what it was captured for, `target_label` how the phone named it then.
 */
export const handOverCaptureRequestSchema = z.object({
  id: z.uuid({ error: SessionMessages.recordIdInvalid }),
  target_id: z.uuid({ error: NeedsAttentionMessages.targetInvalid }),
  /** At most as long as a goal's description, the longest name a target has. */
  target_label: text(PlanLimits.itemDescriptionMax).optional(),
  captured_at: captureFieldsSchema.shape.captured_at.unwrap(),
  session_id: captureFieldsSchema.shape.session_id,
  record: needsAttentionRecordSchema,
});
export type HandOverCaptureRequest = z.infer<typeof handOverCaptureRequestSchema>;

/** POST /api/child/{id}/needs-attention/{entryId}/attach `{ target_id }`: the child's goal (or behaviour) it goes to. */
export const attachCaptureRequestSchema = z.object({
  target_id: z.uuid({ error: NeedsAttentionMessages.attachTargetNotFound }),
});
export type AttachCaptureRequest = z.infer<typeof attachCaptureRequestSchema>;

/** POST /api/child/{id}/needs-attention/{entryId}/discard `{ reason }`. */
export const discardCaptureRequestSchema = z.object({
  reason: text(NEEDS_ATTENTION_TEXT_MAX)
    .trim()
    .min(1, { error: NeedsAttentionMessages.discardReasonRequired }),
});
export type DiscardCaptureRequest = z.infer<typeof discardCaptureRequestSchema>;

export const needsAttentionEntrySchema = z.object({
  id: z.uuid(),
  child_id: z.uuid(),
  kind: z.enum(NEEDS_ATTENTION_KINDS),
  state: z.enum(NEEDS_ATTENTION_STATES),
  reason: z.enum(NEEDS_ATTENTION_REASONS),
  record: needsAttentionRecordSchema,
  /** What it was captured for (deleted since), and how the phone named it. */
  target_id: z.uuid(),
  target_label: z.string().nullable(),
  captured_at: z.iso.datetime(),
  received_at: z.iso.datetime(),
  author_id: z.uuid(),
  /** "Ana Popescu"; empty when the directory no longer knows the user. */
  author: z.string(),
  /** Who decided and when, the reason of a discard, and where an attached capture went (and its new record). */
  resolved_by: z.string().nullable(),
  resolved_at: z.iso.datetime().nullable(),
  discard_reason: z.string().nullable(),
  attached_to: z.uuid().nullable(),
  attached_to_label: z.string().nullable(),
  record_id: z.uuid().nullable(),
});
export type NeedsAttentionEntry = z.infer<typeof needsAttentionEntrySchema>;

export const needsAttentionEntryResponseSchema = z.object({ entry: needsAttentionEntrySchema });
export type NeedsAttentionEntryResponse = z.infer<typeof needsAttentionEntryResponseSchema>;

/** A goal or behaviour of the child a capture may be attached to. */
export const attachTargetSchema = z.object({ id: z.uuid(), label: z.string(), group: z.string() });
export type AttachTarget = z.infer<typeof attachTargetSchema>;

/**
 * GET /api/child/{id}/needs-attention → the child's handed-over captures, waiting first, then the latest decided
 * (owner and coordinators see every one, a therapist their own), and, for those who may decide, the child's goals
 * (`items`, grouped by sub-plan) and behaviours a capture may be attached to.
 */
export const needsAttentionListResponseSchema = z.object({
  entries: z.array(needsAttentionEntrySchema),
  items: z.array(attachTargetSchema),
  behaviors: z.array(attachTargetSchema),
});
export type NeedsAttentionListResponse = z.infer<typeof needsAttentionListResponseSchema>;

/** The kind of target a capture of `kind` is attached to. */
export const attachesToItem = (kind: NeedsAttentionKind): boolean => kind === 'evaluation';
