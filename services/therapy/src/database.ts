import { eventTablesMigration, outboxRetentionMigration } from '@aba/server-kit';
import { AbcEntry } from './behaviors/abc/abc-entry.entity.js';
import { Behavior, BehaviorTracking } from './behaviors/behavior.entity.js';
import { SelectableListItem } from './behaviors/selectable-lists/selectable-list-item.entity.js';
import { Child } from './children/child.entity.js';
import { ItemEvaluation } from './evaluations/evaluation.entity.js';
import { ChildHelper } from './helpers/child-helper.entity.js';
import { SubPlanItem } from './items/item.entity.js';
import { Migration20261122000100UserDirectory } from './migrations/Migration20261122000100_user_directory.js';
import { Migration20261123000100Children } from './migrations/Migration20261123000100_children.js';
import { Migration20261123000200ChildLicences } from './migrations/Migration20261123000200_child_licences.js';
import { Migration20261124000100Plans } from './migrations/Migration20261124000100_plans.js';
import { Migration20261125000100Behaviors } from './migrations/Migration20261125000100_behaviors.js';
import { Migration20261126000100HelperAdditions } from './migrations/Migration20261126000100_helper_additions.js';
import { Migration20261213000100AbcOccurrences } from './migrations/Migration20261213000100_abc_occurrences.js';
import { Migration20261214000100DeletedChildren } from './migrations/Migration20261214000100_deleted_children.js';
import { Migration20261215000100Sessions } from './migrations/Migration20261215000100_sessions.js';
import { Migration20261216000100Mastery } from './migrations/Migration20261216000100_mastery.js';
import { Migration20261217000100ItemSessionTally } from './migrations/Migration20261217000100_item_session_tally.js';
import { Migration20261218000100ReceivedAt } from './migrations/Migration20261218000100_received_at.js';
import { Migration20261219000100EvaluationsByCaptureTime } from './migrations/Migration20261219000100_evaluations_by_capture_time.js';
import { Migration20261220000100LicencePeriods } from './migrations/Migration20261220000100_licence_periods.js';
import { Migration20261221000100NeedsAttention } from './migrations/Migration20261221000100_needs_attention.js';
import { Migration20261222000100FormerHelpers } from './migrations/Migration20261222000100_former_helpers.js';
import { Migration20261223000100ChildConsent } from './migrations/Migration20261223000100_child_consent.js';
import { Migration20261224000100AuditTrail } from './migrations/Migration20261224000100_audit_trail.js';
import { Migration20261225000100OwnershipOffers } from './migrations/Migration20261225000100_ownership_offers.js';
import { Migration20261226000100ReportSettings } from './migrations/Migration20261226000100_report_settings.js';
import { Migration20261229000100ViewVersions } from './migrations/Migration20261229000100_view_versions.js';
import { Migration20261230000100ProgressViewVersions } from './migrations/Migration20261230000100_progress_view_versions.js';
import { ChildLicence } from './licences/child-licence.entity.js';
import { Plan } from './plans/plan.entity.js';
import { SubPlan } from './sub-plans/sub-plan.entity.js';
import { DirectoryUser } from './user-directory/directory-user.entity.js';

/** The therapy schema: its entities and its migrations, in order. */
export const therapyDatabase = {
  entities: [
    DirectoryUser,
    Child,
    ChildHelper,
    ChildLicence,
    Behavior,
    BehaviorTracking,
    AbcEntry,
    SelectableListItem,
    Plan,
    SubPlan,
    SubPlanItem,
    ItemEvaluation,
  ],
  migrations: [
    eventTablesMigration('therapy'),
    Migration20261122000100UserDirectory,
    Migration20261123000100Children,
    Migration20261123000200ChildLicences,
    Migration20261124000100Plans,
    Migration20261125000100Behaviors,
    Migration20261126000100HelperAdditions,
    Migration20261213000100AbcOccurrences,
    Migration20261214000100DeletedChildren,
    Migration20261215000100Sessions,
    Migration20261216000100Mastery,
    Migration20261217000100ItemSessionTally,
    Migration20261218000100ReceivedAt,
    Migration20261219000100EvaluationsByCaptureTime,
    Migration20261220000100LicencePeriods,
    Migration20261221000100NeedsAttention,
    Migration20261222000100FormerHelpers,
    Migration20261223000100ChildConsent,
    Migration20261224000100AuditTrail,
    Migration20261225000100OwnershipOffers,
    Migration20261226000100ReportSettings,
    outboxRetentionMigration('therapy'),
    Migration20261229000100ViewVersions,
    Migration20261230000100ProgressViewVersions,
  ],
};
