// The uiState bridge group: screen state saved per profile (errors as the shared AppError).
import { groupCalls } from './bridge';

export const uiStateCalls = groupCalls('uiState');
