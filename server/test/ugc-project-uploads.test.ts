// Videos go into UGC and into project galleries through the same upload pipeline as every photo (sniffed
// by their bytes, held to the video size limit, copied by ffmpeg without what the camera wrote), and her save keeps
// them there: the portfolio's `ugc` list beside the reel links, a project's `gallery.media`. A file that only calls
// itself a video is refused and nothing of it is kept. A real server over HTTP; the MP4 is made by the server's own
// ffmpeg (video-fixtures.ts).
import type { MediaItem, Portfolio, ProjectWithGallery } from '@studio/shared/domain';
import { MEDIA_MESSAGES } from '@studio/shared/media-upload';
import { ADMIN_VIA_PROXY } from './helper';
import { cleanUp, download, form, leftovers, NOTHING, upload, useMediaServer } from './admin-media-support';
import { baseMp4, decodes, mp4WithLocation, picturePackets, PLACES } from './video-fixtures';

const server = useMediaServer();

async function call(method: 'GET' | 'PUT', url: string, body?: unknown) {
  const res = await fetch(`${server.origin}${url}`, {
    method,
    headers: {
      cookie: server.adminCookie,
      ...ADMIN_VIA_PROXY,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as unknown };
}

/** A short MP4 as a phone sends it: its location in every place a phone or camera writes one. */
const phoneClip = () => mp4WithLocation(baseMp4());

/** The upload went through the video pipeline: served as a copy of the picture, with none of the phone's places. */
async function expectRemuxed(item: MediaItem, sent: Buffer) {
  expect(item).toMatchObject({ type: 'video', url: `/media/uploads/${item.id}/video.mp4` });
  const served = await download(item.url);
  for (const place of Object.values(PLACES)) expect(served.includes(place, 0, 'latin1')).toBe(false);
  expect(decodes(served)).toEqual({ video: true, audio: true });
  expect(picturePackets(served)).toBe(picturePackets(sent));
}

test('a video uploaded into UGC is remuxed, and her save keeps it beside the reels for the public section', async () => {
  const sent = phoneClip();
  const res = await upload(form({ alt: 'Serum unboxing', section: 'ugc' }, { file: { bytes: sent, name: 'ugc.mp4' } }));
  expect(res.status).toBe(201);
  const item = res.json;
  await expectRemuxed(item, sent);

  const before = {
    meta: (await call('GET', '/api/portfolio/meta')).json as Portfolio['meta'],
    content: (await call('GET', '/api/portfolio/content')).json as Portfolio['content'],
  };
  const meta = { ...before.meta, ugcReels: before.meta.ugcReels.filter(Boolean) };
  const saved = await call('PUT', '/api/admin/portfolio', { meta, content: { ...before.content, ugc: [item] } });
  expect(saved.status).toBe(200);
  const content = (await call('GET', '/api/portfolio/content')).json as Portfolio['content'];
  expect(content.ugc).toEqual([item]);
  expect((await call('GET', '/api/portfolio/meta')).json).toMatchObject({ ugcReels: meta.ugcReels });

  // Saved without it again before its files go, as her editor does (no saved page points at a removed file).
  expect((await call('PUT', '/api/admin/portfolio', { meta, content: before.content })).status).toBe(200);
  await cleanUp(item);
}, 120_000);

test("a video uploaded into a project is remuxed, and her save keeps it in the project's gallery", async () => {
  const sent = phoneClip();
  const video = await upload(
    form({ alt: 'Behind the scenes', section: 'projects/serum-launch' }, { file: { bytes: sent, name: 'bts.mp4' } }),
  );
  expect(video.status).toBe(201);
  await expectRemuxed(video.json, sent);

  const entry: ProjectWithGallery = {
    project: { id: 'serum-launch', title: 'Serum launch', description: 'A week of UGC.', category: 'ugc' },
    gallery: { images: [], videos: [], media: [video.json] },
  };
  expect((await call('PUT', '/api/admin/projects/serum-launch', entry)).status).toBe(200);
  expect((await call('GET', '/api/galleries/serum-launch')).json).toEqual(entry.gallery);
  await cleanUp(video.json);
}, 120_000);

test('a file named .mp4 that is no video is refused, in UGC and in a project, and nothing of it is kept', async () => {
  const notVideo = Buffer.from('%PDF-1.7\n'.padEnd(4096, 'x'));
  for (const section of ['ugc', 'projects/serum-launch']) {
    const res = await upload(
      form({ alt: 'Clip', section }, { file: { bytes: notVideo, name: 'clip.mp4', type: 'video/mp4' } }),
    );
    expect(res.status).toBe(415);
    expect(res.json.message).toBe(MEDIA_MESSAGES.notMedia);
    expect(res.json.fieldErrors).toEqual({ file: [MEDIA_MESSAGES.notMedia] });
    expect(leftovers()).toEqual(NOTHING);
  }
});
