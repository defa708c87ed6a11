/**
 * The project the screens show. Not part of the URL (a conversation's dashboard_url names only environment and
 * id); chosen in the shell's picker and remembered in this browser. A conversation opened from elsewhere
 * switches the picker to its own project.
 */
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';

const STORAGE_KEY = 'cqm.project';

interface ProjectChoice {
  projectId: string;
  setProjectId(id: string): void;
}

const ProjectContext = createContext<ProjectChoice | null>(null);

function remembered(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

export function ProjectProvider({ projects, children }: { projects: { id: string }[]; children: ReactNode }) {
  const [chosen, setChosen] = useState<string | null>(remembered);
  const projectId = projects.some((project) => project.id === chosen) ? (chosen as string) : (projects[0]?.id ?? '');
  const setProjectId = useCallback((id: string) => {
    setChosen(id);
    try {
      window.localStorage.setItem(STORAGE_KEY, id);
    } catch {
      // private mode: the choice lasts for this page only
    }
  }, []);
  const value = useMemo(() => ({ projectId, setProjectId }), [projectId, setProjectId]);
  return <ProjectContext.Provider value={value}>{children}</ProjectContext.Provider>;
}

export function useProject(): ProjectChoice {
  const choice = useContext(ProjectContext);
  if (!choice) throw new Error('useProject outside ProjectProvider');
  return choice;
}
