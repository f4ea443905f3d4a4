// "Change picture": uploads an image as the project's thumbnail through the signed upload policy the server hands out.
import { useId, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadWithPolicy } from '@atlas/client';
import { useApiClient } from '../../api/ApiClientContext';
import { errorText } from '../../api/errors';
import { PICTURE_ACCEPT, pictureProblem, pictureType } from './picture';
import { projectKeys } from './queries';

export function PictureButton({ projectId }: { projectId: string }) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const inputId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useMutation({
    mutationFn: async (file: File) => {
      const { thumbnailSignedPostPolicy } = await client.projects.thumbnailUploadPolicy(projectId, { contentType: pictureType(file) });
      await uploadWithPolicy(thumbnailSignedPostPolicy, file);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectKeys.thumbnail(projectId) }),
  });
  const message = problem ?? (upload.isError ? errorText(upload.error) : null);
  return (
    <span className="project-picture-button">
      <label htmlFor={inputId} className={`button button--ghost${upload.isPending ? ' is-busy' : ''}`}>
        {upload.isPending ? 'Uploading…' : 'Change picture'}
      </label>
      <input
        id={inputId}
        type="file"
        className="visually-hidden"
        accept={PICTURE_ACCEPT}
        disabled={upload.isPending}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (!file) return;
          const found = pictureProblem(file);
          setProblem(found);
          if (!found) upload.mutate(file);
        }}
      />
      {message && (
        <span className="form__error project-picture-button__error" role="alert">
          {message}
        </span>
      )}
    </span>
  );
}
