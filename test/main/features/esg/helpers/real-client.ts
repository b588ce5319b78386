export { realClient } from '../../../../helpers/real-client';
