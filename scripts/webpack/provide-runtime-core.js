// A federation runtime plugin of the shell: hands its own federation runtime to the remotes, which are built with
// experiments.externalRuntime and so carry none (one runtime on the page instead of one per app).
//
// @module-federation/enhanced's own experiments.provideExternalRuntime does the same with a namespace import of the
// whole runtime-core, which defeats tree-shaking (+22 KB gzip on the first load, measured). Here only the names a
// remote's bundler runtime reads are provided (found in an unminified externalRuntime remoteEntry.js); the shell
// already bundles nearly all of them for itself.
import {
  CurrentGlobal,
  Global,
  Module,
  ModuleFederation,
  assert,
  getGlobalFederationConstructor,
  getRemoteEntry,
  getRemoteInfo,
  helpers,
  loadScript,
  loadScriptNode,
  registerGlobalPlugins,
  satisfy,
  setGlobalFederationConstructor,
  setGlobalFederationInstance,
} from '@module-federation/runtime-core';

export default function provideRuntimeCore() {
  return {
    name: 'studio-provide-runtime-core',
    beforeInit(args) {
      if (!Global._FEDERATION_RUNTIME_CORE) {
        Global._FEDERATION_RUNTIME_CORE = {
          CurrentGlobal,
          Global,
          Module,
          ModuleFederation,
          assert,
          getGlobalFederationConstructor,
          getRemoteEntry,
          getRemoteInfo,
          helpers,
          loadScript,
          loadScriptNode,
          registerGlobalPlugins,
          satisfy,
          setGlobalFederationConstructor,
          setGlobalFederationInstance,
        };
      }
      return args;
    },
  };
}
