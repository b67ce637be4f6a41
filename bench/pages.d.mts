export function demoPage(): string;
export function generatedPage(elements: number): string;
export function realisticPage(elements?: number): string;
export function tablePage(rows: number): string;
