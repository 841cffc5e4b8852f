// Apache CXF's `JAXRSServerFactoryBean` (and Spring's `SpringJAXRSServerFactoryBean`) serves the
// resources it is given under its own address, below the CXF servlet's mount (`cxf.path`):
//
//   SpringJAXRSServerFactoryBean scim = new SpringJAXRSServerFactoryBean();
//   scim.setAddress("/scim");
//   scim.setServiceBeans(List.of(scimUserService, scimGroupService));   // or setResourceClasses(X.class)
//
// Apache Syncope's SCIM and keymaster APIs live at /rest/scim/... and /rest/keymaster/... this way.
// A bean named by a variable is of the type that variable (a `@Bean` method's parameter, a local)
// is declared with; a resource class implementing that type is served there.

import { blankComments, matching } from '../../config-text';
import { literalOnly } from './servlet-mounts';
import type { ArgValue } from './servlet-mounts';

/** The `FileEntry.creates` mark of a file that builds a CXF JAX-RS server. */
export const CXF_SERVER = 'JAXRSServerFactoryBean';

export interface CxfServer {
  /** The address, `/scim`; never empty or `/`. */
  address: string;
  /** The type names (as written) of the resources it serves. */
  types: string[];
}

const FACTORY = /\b(?:Spring)?JAXRSServerFactoryBean\s+([\w$]+)\s*=/g;

/** The CXF servers a source file builds, with an address of their own. */
export function cxfServers(source: string, value: ArgValue = literalOnly): CxfServer[] {
  const text = blankComments(source);
  const out: CxfServer[] = [];
  for (const f of text.matchAll(FACTORY)) {
    const v = f[1]!.replace(/\$/g, '\\$');
    // The address may be a constant (`setAddress(Paths.SCIM)`) when `value` folds them.
    const set = new RegExp(`\\b${v}\\s*\\.\\s*setAddress\\s*\\(`).exec(text);
    const open = set ? set.index + set[0].length - 1 : -1;
    const close = open < 0 ? -1 : matching(text, open);
    const address = close < 0 ? undefined : value(text.slice(open + 1, close))?.trim();
    if (!address || address === '/') continue;
    const types: string[] = [];
    for (const call of text.matchAll(new RegExp(`\\b${v}\\s*\\.\\s*(?:setServiceBeans?|setResourceClasses)\\s*\\(`, 'g'))) {
      const open = call.index! + call[0].length - 1;
      const close = matching(text, open);
      const args = text.slice(open + 1, close < 0 ? text.length : close);
      for (const a of args.matchAll(/\b([A-Z][\w$]*(?:\.[A-Z][\w$]*)*)\.class\b|\bnew\s+([A-Z][\w$.]*)\s*[(<]|\b([a-z][\w$]*)\b(?!\s*[.(])/g)) {
        const named = a[1] ?? a[2] ?? declaredType(text, a[3]!);
        if (named && !types.includes(named)) types.push(named);
      }
    }
    if (types.length) out.push({ address: address.startsWith('/') ? address : `/${address}`, types });
  }
  return out;
}

/** The type a variable or parameter of this name is declared with in the file (`final SCIMService scimService`). */
function declaredType(text: string, name: string): string | undefined {
  const m = new RegExp(`\\b([A-Z][\\w$]*(?:\\.[A-Z][\\w$]*)*)(?:<[^<>()]*(?:<[^<>()]*>[^<>()]*)*>)?\\s+${name.replace(/\$/g, '\\$')}\\s*[,)=;]`).exec(text);
  return m?.[1];
}
