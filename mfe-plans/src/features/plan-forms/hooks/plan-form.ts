import { PlanLimits, planFormProblem, PlanMessages } from '@aba/contracts/api';

export interface PlanFormValues {
  name: string;
  description: string;
}

export interface PlanFormCheck {
  /** The message of the first rule broken (a `PlanMessages` text), or null. */
  problem: string | null;
  /** Fields to mark invalid. */
  invalid: { name: boolean; description: boolean };
}

/** Spec §5: name and description required (after trimming), within their lengths; the same rule as the server's. */
export function checkPlanForm(values: PlanFormValues): PlanFormCheck {
  const problem = planFormProblem(values);
  const name = values.name.trim();
  const description = values.description.trim();
  return {
    problem,
    invalid: {
      name:
        problem !== null &&
        (name === '' || (problem === PlanMessages.nameTooLong && name.length > PlanLimits.nameMax)),
      description:
        problem !== null &&
        (description === '' ||
          (problem === PlanMessages.descriptionTooLong && description.length > PlanLimits.descriptionMax)),
    },
  };
}
