// A project's picture (its uploaded thumbnail) or, without one, a folder outline.
import { useBlobUrl, CardPlaceholder } from '../catalogue';
import { useProjectThumbnail } from './queries';

export const FOLDER_PATH = 'M3 6a2 2 0 0 1 2-2h4l2 2h8a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z';

export function ProjectPicture({ projectId }: { projectId: string }) {
  const thumbnail = useProjectThumbnail(projectId);
  const url = useBlobUrl(thumbnail.data);
  return url ? <img src={url} alt="" /> : <CardPlaceholder path={FOLDER_PATH} />;
}
