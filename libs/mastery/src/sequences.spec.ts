import fc from 'fast-check';
import { resolveCriterion } from './criterion.js';
import { addTrial, tallyTrials } from './points.js';
import { currentStreakOf, masteryDecisionOf, progressOf } from './progress.js';
import { replay, SEQUENCES, summarise } from './sequences.js';

describe('progressOf replays the named sequences', () => {
  it('has at least 30 sequences, each named once', () => {
    const names = SEQUENCES.map((sequence) => sequence.name);
    expect(names.length).toBeGreaterThanOrEqual(30);
    expect(new Set(names).size).toBe(names.length);
  });

  it.each(SEQUENCES.map((sequence) => [sequence.name, sequence] as const))('%s', (_name, sequence) => {
    const progress = replay(sequence);
    expect(summarise(progress, sequence)).toEqual(sequence.expected);
    if (sequence.levels) expect(resolveCriterion(sequence.levels).criterion).toBe(sequence.input.criterion);
  });

  it.each(SEQUENCES.map((sequence) => [sequence.name, sequence] as const))(
    'gives the same numbers in Romanian: %s',
    (_name, sequence) => {
      expect(summarise(replay(sequence, 'ro'), sequence)).toEqual(sequence.expected);
    },
  );

  it.each(SEQUENCES.map((sequence) => [sequence.name, sequence] as const))(
    'decides and counts the streak alone as the whole progress does: %s',
    (_name, sequence) => {
      expect(masteryDecisionOf(sequence.input)).toEqual(sequence.expected.decision);
      expect(currentStreakOf(sequence.input).streak).toBe(sequence.expected.streak);
    },
  );

  it.each(SEQUENCES.map((sequence) => [sequence.name, sequence] as const))(
    'gives the same progress from its trials counted per session and phase: %s',
    (_name, sequence) => {
      const { trials, ...input } = sequence.input;
      const tallies = tallyTrials(trials, input.phases);
      expect(tallies.length).toBeLessThanOrEqual(trials.length);
      expect(progressOf({ ...input, tallies, language: 'ro' })).toEqual(replay(sequence, 'ro'));
    },
  );

  it.each(SEQUENCES.map((sequence) => [sequence.name, sequence] as const))(
    'gives the same progress when its trials are added one by one, in any order: %s',
    (_name, sequence) => {
      const { trials, ...input } = sequence.input;
      fc.assert(
        fc.property(fc.shuffledSubarray(trials, { minLength: trials.length }), (shuffled) => {
          const tallies = shuffled.reduce(
            (counted, trial) => addTrial(counted, trial, input.phases),
            [] as ReturnType<typeof tallyTrials>,
          );
          expect(summarise(progressOf({ ...input, tallies, language: 'en' }), sequence)).toEqual(
            sequence.expected,
          );
        }),
        { numRuns: 10 },
      );
    },
  );

  const texts = SEQUENCES.flatMap((sequence) =>
    Object.entries(sequence.texts ?? {}).map(
      ([language, text]) => [sequence.name, language, sequence, text] as const,
    ),
  );

  it.each(texts)('says it in words: %s (%s)', (_name, language, sequence, text) => {
    const progress = replay(sequence, language as 'en' | 'ro');
    if (text.explanation !== undefined) expect(progress.explanation.text).toBe(text.explanation);
    if (text.trend !== undefined) expect(progress.trend?.text).toBe(text.trend);
  });
});
