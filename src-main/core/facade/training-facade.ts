import type { TrainingScenarioId } from '../../contract/index.js';
import { runScenario, scenarioList } from '../../training/scenarios.js';
import type { EnvironmentContext } from '../environment-context.js';

/** Practice situations staged on the Training sandbox. */
export interface TrainingFacade {
  scenarios(): { available: boolean; scenarios: ReturnType<typeof scenarioList> };
  /** Stages a practice situation on the Training sandbox; refused outside Training mode. */
  run(name: TrainingScenarioId): Promise<{ ok: true } | { ok: false; message: string }>;
}

export function trainingFacade(env: () => EnvironmentContext): TrainingFacade {
  return {
    scenarios: () => ({ available: env().environment === 'training', scenarios: scenarioList() }),
    async run(name) {
      const { environment, baseUrl } = env();
      if (environment !== 'training') return { ok: false, message: 'Practice situations exist only in Training mode' };
      return runScenario(baseUrl, name);
    },
  };
}
