export function generatedPage(elements: number): string;
