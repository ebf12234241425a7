// POST /v1/workflows/{id}/executions: validate, authorize, record the execution in memory.
import { randomUUID } from 'node:crypto';
import { findWorkflow } from '../catalog-data';
import { mayUse, type Principal } from './auth';
import { forbidden, notFound } from './errors';
import { optionalField, requireUuid, type JsonObject } from './validate';

export interface ExecutionRecord {
  execution_id: string;
  workflow_id: string;
  overall_status: 'In Progress' | 'Not Started' | 'Interrupted' | 'Failed' | 'Succeeded' | 'Aborted';
  prompt: string;
  date: string;
  created_by: { user_id: string; name: string; username: string };
  tags: string[];
  session_id: string;
  file_name: string | null;
}

/** In-memory executions of one platform instance, by execution id. */
export class ExecutionStore {
  readonly records = new Map<string, ExecutionRecord>();

  start(principal: Principal, workflowId: string, body: JsonObject): ExecutionRecord {
    requireUuid(workflowId, 'workflow');
    const userInput = optionalField<string>(body, 'user_input', 'string');
    const tags = optionalField<string[]>(body, 'tags', 'string[]');
    const sessionId = optionalField<string>(body, 'session_id', 'string');
    optionalField<boolean>(body, 'propagate_headers', 'boolean');
    const fileName = optionalField<string>(body, 'file_name', 'string');

    const workflow = findWorkflow(workflowId);
    if (!workflow) throw notFound(`Workflow ${workflowId} not found`);
    if (!mayUse(principal, workflow.requiredRole)) {
      throw forbidden(`You do not have permission to run the workflow '${workflow.name}'.`);
    }
    const executionId = randomUUID();
    const record: ExecutionRecord = {
      execution_id: executionId,
      workflow_id: workflow.id,
      overall_status: 'In Progress',
      prompt: userInput ?? '',
      date: new Date().toISOString(),
      created_by: { user_id: principal.userId, name: principal.name, username: principal.username },
      tags: tags ?? [],
      session_id: sessionId ?? executionId,
      file_name: fileName ?? null,
    };
    this.records.set(executionId, record);
    return record;
  }
}
