import type {
  ChildExportLanguage,
  DataRole,
  EvaluationResult,
  ItemStatus,
  PhaseChangeMode,
  SessionSetting,
  StatusChangeReason,
} from '@aba/contracts/api';

/** A text in each language of the exports. */
export type Words = Readonly<Record<ChildExportLanguage, string>>;

/** The words of a code the exports write (what the screens say for it), by code. */
export type Vocabulary<Code extends string> = Readonly<Record<Code, Words>>;

export const RESULT_WORDS: Vocabulary<EvaluationResult> = {
  YES: { ro: 'DA', en: 'YES' },
  NO: { ro: 'NU', en: 'NO' },
};

export const ITEM_STATUS_WORDS: Vocabulary<ItemStatus> = {
  IN_LEARNING: { ro: 'În învățare', en: 'In learning' },
  IN_GENERALIZATION: { ro: 'În generalizare', en: 'In generalization' },
  FINISHED: { ro: 'Terminat', en: 'Finished' },
};

export const ROLE_WORDS: Vocabulary<DataRole> = {
  PARENT: { ro: 'Părinte', en: 'Parent' },
  THERAPIST: { ro: 'Terapeut', en: 'Therapist' },
  COORDINATOR: { ro: 'Coordonator', en: 'Coordinator' },
};

export const SETTING_WORDS: Vocabulary<SessionSetting> = {
  CLINIC: { ro: 'Cabinet', en: 'Clinic' },
  HOME: { ro: 'Acasă', en: 'Home' },
  SCHOOL: { ro: 'Școală', en: 'School' },
  ONLINE: { ro: 'Online', en: 'Online' },
  OTHER: { ro: 'Altul', en: 'Other' },
};

export const CHANGE_MODE_WORDS: Vocabulary<PhaseChangeMode> = {
  AUTO: { ro: 'automat', en: 'automatic' },
  CONFIRMED: { ro: 'confirmat', en: 'confirmed' },
  MANUAL: { ro: 'manual', en: 'by hand' },
};

export const CHANGE_REASON_WORDS: Vocabulary<StatusChangeReason> = {
  CLINICAL_JUDGEMENT: { ro: 'judecată clinică', en: 'clinical judgement' },
  GENERALIZED_ELSEWHERE: { ro: 'generalizat în alt context', en: 'generalized elsewhere' },
  REGRESSION: { ro: 'regres', en: 'regression' },
  DATA_ERROR: { ro: 'eroare de date', en: 'data error' },
  LATE_DATA: { ro: 'date întârziate', en: 'late data' },
  OTHER: { ro: 'alt motiv', en: 'other reason' },
};

export const YES_NO_WORDS: Vocabulary<'true' | 'false'> = {
  true: { ro: 'Da', en: 'Yes' },
  false: { ro: 'Nu', en: 'No' },
};

/** Who wrote a row whose account no longer exists. */
export const FORMER_USER: Words = { ro: 'Fost utilizator', en: 'Former user' };
