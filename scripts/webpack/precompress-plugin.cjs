// Writes a gzip and a brotli copy beside every text asset, at their highest levels, so the server sends them
// pre-compressed (@fastify/static preCompressed) with no per-request compression cost.
const zlib = require('node:zlib');
const { promisify } = require('node:util');

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

const TEXT_ASSET = /\.(js|css|svg|json|txt)$/;
// Below this size the compressed copy saves less than a packet; the server then sends the file as it is.
const MIN_BYTES = 1024;

class PrecompressPlugin {
  /** @param {{ test?: RegExp }} [options] which assets to compress (default: every text asset) */
  constructor({ test = TEXT_ASSET } = {}) {
    this.test = test;
  }

  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('PrecompressPlugin', (compilation) => {
      compilation.hooks.processAssets.tapPromise(
        { name: 'PrecompressPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER },
        async (assets) => {
          const jobs = Object.keys(assets)
            .filter((name) => TEXT_ASSET.test(name) && this.test.test(name) && !name.endsWith('.LICENSE.txt'))
            .map(async (name) => {
              const buffer = compilation.getAsset(name).source.buffer();
              if (buffer.length < MIN_BYTES) return;
              const [gz, br] = await Promise.all([
                gzip(buffer, { level: 9 }),
                brotli(buffer, {
                  params: {
                    [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
                    [zlib.constants.BROTLI_PARAM_SIZE_HINT]: buffer.length,
                  },
                }),
              ]);
              const info = { compressed: true, immutable: compilation.getAsset(name).info.immutable };
              compilation.emitAsset(`${name}.gz`, new sources.RawSource(gz), info);
              compilation.emitAsset(`${name}.br`, new sources.RawSource(br), info);
            });
          await Promise.all(jobs);
        },
      );
    });
  }
}

module.exports = { PrecompressPlugin };
