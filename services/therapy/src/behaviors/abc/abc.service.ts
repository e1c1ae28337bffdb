import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import {
  ABC_OCCURRENCE_WINDOW_MINUTES,
  recordedCaptureFieldsSchema,
  parseAbcForm,
  SessionMessages,
  type AbcEntry as AbcEntryDto,
  type BehaviorTracking as BehaviorTrackingDto,
} from '@aba/contracts/api';
import {
  Conflict,
  isUniqueViolation,
  parseInput,
  ValidationFailed,
  toIso,
  violatedConstraint,
} from '@aba/server-kit';
import type { ChildAccessGrant } from '../../child-access/child-access.types.js';
import { writeToChild } from '../../children/child-writes.js';
import { BehaviorNotFound } from '../behaviors.errors.js';
import { BehaviorsService, toTrackingDto } from '../behaviors.service.js';
import type { ListLanguage } from '../../language.js';
import type { SelectableListItem } from '../selectable-lists/selectable-list-item.entity.js';
import { SelectableListsService, textIn } from '../selectable-lists/selectable-lists.service.js';
import { AbcEntry } from './abc-entry.entity.js';
import { logAbcAsOccurrence } from './abc.queries.js';
import { captureInSession, licensedCapture } from '../../sessions/session-capture.js';

/** The index that refuses an entry's own occurrence when its id is already an occurrence's (a repeat's, or one apart). */
const OCCURRENCE_ID_TAKEN = 'behavior_tracking_pkey';
/** How often an entry is written before a collision with parallel entries is given up on. */
const ABC_WRITE_ATTEMPTS = 5;

export interface LoggedAbc {
  entry: AbcEntryDto;
  occurrence: BehaviorTrackingDto;
  attached: boolean;
}

/** The ABC log of a child's behaviours. */
@Injectable()
export class AbcService {
  constructor(
    @Inject(EntityManager) private readonly em: EntityManager,
    @Inject(SelectableListsService) private readonly lists: SelectableListsService,
  ) {}

  /**
   * Logs an entry for one of the child's behaviours (404 for another's), counted as one occurrence: the author's own
   * occurrence logged within the last \`ABC_OCCURRENCE_WINDOW_MINUTES\` that has no entry yet, else a new one. A text
   * equal to a list item (in either language) is remembered as that item; any other text is an "Other" answer, kept
   * as typed (trimmed).
   */
  async log(
    grant: ChildAccessGrant,
    body: unknown,
    language: ListLanguage,
  ): Promise<{ answer: LoggedAbc; repeated: boolean }> {
    const form = parseAbcForm(body);
    if ('problem' in form) throw new ValidationFailed(form.problem);
    const em = this.em;
    const items = await this.lists.items();
    const antecedentCode = SelectableListsService.match(items, 'antecedent', form.antecedent)?.code ?? null;
    const consequenceCode =
      SelectableListsService.match(items, 'consequence', form.consequence)?.code ?? null;
    const capture = parseInput(recordedCaptureFieldsSchema, body);
    const captured = await licensedCapture(em, grant, capture);
    const id = capture.id ?? randomUUID();
    const insert = () =>
      captureInSession(em, captured, (tx, session) =>
        logAbcAsOccurrence(tx, {
          id,
          childId: grant.childId,
          behaviorId: form.behavior_id,
          author: grant.userId,
          windowSeconds: ABC_OCCURRENCE_WINDOW_MINUTES * 60,
          antecedent: form.antecedent,
          antecedentCode,
          consequence: form.consequence,
          consequenceCode,
          session,
          capturedAt: captured.capturedAt,
        }),
      );
    const log = async () => {
      let idCollisions = 0;
      for (let attempt = 1; ; attempt++) {
        try {
          return await insert();
        } catch (error) {
          if (!isUniqueViolation(error)) throw error;
          // A parallel repeat wrote the entry (its occurrence took the id) after this statement's snapshot was taken,
          // or a parallel entry completed the same occurrence: once more, it now sees the entry and answers the repeat,
          // or counts a new occurrence. Entries logged at once for one behaviour can collide again, a few times. The
          // id colliding twice is an occurrence's the device logged apart.
          if (violatedConstraint(error) === OCCURRENCE_ID_TAKEN && ++idCollisions === 2) {
            throw new Conflict(SessionMessages.recordIdTaken);
          }
          if (attempt === ABC_WRITE_ATTEMPTS) throw error;
        }
      }
    };
    const row = await writeToChild(em, grant.childId, log, () => new BehaviorNotFound());
    return {
      answer: {
        entry: toAbcDto(row, byCode(items), language),
        occurrence: toTrackingDto({
          id: row.trackingId,
          behaviorId: row.behaviorId,
          dateLogged: row.createdAt,
        }),
        attached: row.attached,
      },
      repeated: row.repeated,
    };
  }

  /** The behaviour's entries, newest first, list items in the reader's language. */
  async list(grant: ChildAccessGrant, behaviorId: string, language: ListLanguage): Promise<AbcEntryDto[]> {
    const em = this.em;
    const behavior = await BehaviorsService.ofChild(em, grant.childId, behaviorId);
    const entries = await em.find(
      AbcEntry,
      { behavior: behavior.id },
      { orderBy: { createdAt: 'desc', id: 'desc' } },
    );
    const items = byCode(await this.lists.items());
    return entries.map((entry) =>
      toAbcDto(
        {
          id: entry.id,
          behaviorId: entry.behavior.id,
          antecedent: entry.antecedent,
          antecedentCode: entry.antecedentCode,
          consequence: entry.consequence,
          consequenceCode: entry.consequenceCode,
          createdAt: entry.createdAt,
        },
        items,
        language,
      ),
    );
  }
}

function byCode(items: readonly SelectableListItem[]): Map<string, SelectableListItem> {
  return new Map(items.map((item) => [item.code, item]));
}

/** A side of an entry as the reader sees it: its list item in the reader's language, or the text as typed. */
function shownText(
  items: Map<string, SelectableListItem>,
  language: ListLanguage,
  code: string | null | undefined,
  typed: string,
): string {
  const item = code ? items.get(code) : undefined;
  return item ? textIn(item, language) : typed;
}

/** What an entry's answer is made of: its texts as stored, with their list item codes. */
interface StoredAbcEntry {
  id: string;
  behaviorId: string;
  antecedent: string;
  antecedentCode?: string | null;
  consequence: string;
  consequenceCode?: string | null;
  createdAt: Date | string;
}

/** An entry as its calls answer it, each side in the reader's language when it is a list item. */
function toAbcDto(
  entry: StoredAbcEntry,
  items: Map<string, SelectableListItem>,
  language: ListLanguage,
): AbcEntryDto {
  return {
    id: entry.id,
    behavior_id: entry.behaviorId,
    antecedent: shownText(items, language, entry.antecedentCode, entry.antecedent),
    consequence: shownText(items, language, entry.consequenceCode, entry.consequence),
    created_at: toIso(entry.createdAt),
  };
}
