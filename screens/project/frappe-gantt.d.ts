/** The part of frappe-gantt 1.x (MIT, no types of its own) the plan's Gantt panel uses. */
declare module 'frappe-gantt' {
  export interface GanttTask {
    id: string;
    name: string;
    start: string;
    end: string;
    progress: number;
    dependencies?: string;
    custom_class?: string;
  }
  export interface GanttOptions {
    view_mode?: 'Day' | 'Week' | 'Month';
    language?: string;
    readonly?: boolean;
    readonly_progress?: boolean;
    today_button?: boolean;
    bar_height?: number;
    padding?: number;
    container_height?: number | 'auto';
    popup_on?: 'click' | 'hover';
    on_date_change?: (task: GanttTask, start: Date, end: Date) => void;
  }
  export default class Gantt {
    constructor(element: HTMLElement, tasks: GanttTask[], options?: GanttOptions);
    refresh(tasks: GanttTask[]): void;
    change_view_mode(mode: 'Day' | 'Week' | 'Month'): void;
  }
}
