export const GROOVY_RUNTIME = '';
export function translateGroovy(code: string, _name: string): string {
  return code;
}
