/** What other features may use of applications: their sensitivity, and how a change is named. */
export { appChangeNamed } from './names.ts';
export {
  meansSensitive,
  SensitiveApps,
  type Sensitivity,
  type SensitivityConfig,
} from './sensitivity.ts';
