import { z } from 'zod';
import { needs, signedIn } from './define.js';
import { empty } from './fields.js';

/** Practice situations a trainer can stage on the Training sandbox (training/scenarios.ts holds what each does). */
export const TRAINING_SCENARIO_IDS = ['slow-answer', 'connection-drop', 'service-error', 'low-wallet', 'skip-15-minutes'] as const;
export type TrainingScenarioId = (typeof TRAINING_SCENARIO_IDS)[number];

export const trainingMethods = {
  'training.scenarios': signedIn(empty).returns<{ available: boolean; scenarios: { id: TrainingScenarioId; title: string }[] }>(),
  'training.run': needs('settings')(z.strictObject({ scenario: z.enum(TRAINING_SCENARIO_IDS) })).returns<{ ran: TrainingScenarioId }>(),
};
