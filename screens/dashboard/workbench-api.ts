/** The workbench's calls (server/todo/, server/workorder/workbench.ts) and their shapes. */
import { getAction } from '../../src/http/client';

export interface TodoItem {
  kind: string;
  kind_dictText?: string;
  id: string;
  targetId: string;
  itemNo: string | null;
  title: string;
  status: string;
  statusText: string;
  priority: string | null;
  priority_dictText?: string;
  deadline: string | null;
  launcher_dictText?: string;
  doneTime: string | null;
  overdue: boolean;
  link: string;
}

export interface TodoPage {
  records: TodoItem[];
  total: number;
}

export interface TodoCounts {
  todo: number;
  done: number;
  overdue: number;
}

export interface WorkbenchSummary {
  mine: { todo: number; overdue: number; done: number; finishedWeek: number; launchedOpen: number };
  depart: { departName: string | null; open: number; overdue: number; finishedWeek: number } | null;
}

/** 1 待办, 2 已办. */
export type TodoTab = '1' | '2';

export const WORKBENCH_PAGE_SIZE = 8;

async function result<T>(call: Promise<{ success: boolean; message: string; result: T }>): Promise<T> {
  const answer = await call;
  if (!answer.success) throw new Error(answer.message);
  return answer.result;
}

export const fetchTodo = (type: TodoTab) =>
  result(getAction<TodoPage>('/sys/workOrder/queryWorkbenchList', { type, pageSize: WORKBENCH_PAGE_SIZE }));

export const fetchSummary = () => result(getAction<WorkbenchSummary>('/sys/workOrder/workbenchSummary'));
