// Settings (spec §2.6) and gRPC Auto Detect. The table, validation and files are core/config's;
// these handlers pick the store (with or without a project) and shape the view.

import { detectGrpcRuntime } from '../core/call/grpc/detect';
import { checkSettingsPatch, describeSettings, SettingsStore } from '../core/config/settings';
import { userConfigDir } from '../core/config/user-dir';
import type { HandlerKit, Handlers } from './handlers';
import type { ResultOf } from './protocol';

type Methods = 'settings/get' | 'settings/set' | 'grpc/detect';

export function settingsHandlers(kit: HandlerKit): Pick<Handlers, Methods> {
  const store = (project: string | undefined): SettingsStore =>
    new SettingsStore({ userDir: userConfigDir(), ...(project !== undefined ? { projectDir: kit.session(project).root } : {}), warn: kit.ctx.log });
  const view = (s: SettingsStore): ResultOf<'settings/get'> => ({
    settings: describeSettings(s),
    userPath: s.userPath,
    ...(s.projectPath ? { projectPath: s.projectPath } : {}),
  });

  return {
    'settings/get': ({ project }) => view(store(project)),
    'settings/set': async ({ project, scope, values, unset }) => {
      const s = store(project);
      const patch: Record<string, unknown> = { ...values };
      for (const key of unset ?? []) patch[key] = undefined;
      // Every key and value is checked before the file is touched: a refused change writes nothing.
      checkSettingsPatch(scope, patch);
      if (Object.keys(patch).length) await s.update(scope, checkSettingsPatch(scope, patch));
      return view(s);
    },
    'grpc/detect': ({ project }) => {
      const session = kit.session(project);
      const configured = new SettingsStore({ userDir: userConfigDir(), projectDir: session.root, warn: kit.ctx.log }).read()['grpc.runtime'] ?? [];
      return detectGrpcRuntime(session.root, configured);
    },
  };
}
