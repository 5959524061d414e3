// The CSV preview's worker (csvPreview.ts, csvRows.ts): one request, its rows (and count) posted back as they are read.
import { answerPreviewRequest, type PreviewMessage, type PreviewRequest } from './csvRows';

self.onmessage = (event: MessageEvent<PreviewRequest>) => {
  void answerPreviewRequest(event.data, (message: PreviewMessage) => self.postMessage(message));
};
