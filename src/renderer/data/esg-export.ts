// The esgExport bridge group: exporting what ESG runs stored (errors as the shared AppError).
import { groupCalls } from './bridge';

export const esgExportCalls = groupCalls('esgExport');
