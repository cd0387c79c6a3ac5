/** Marks a new database for the flows' demo (server/workflow/demo.ts), without loading the engine into the seed. */
export const WORKFLOW_DEMO_MARK = 'workflow-demo';
