/**
 * The grade ladder by experience: the server reports it (userExperienceData) and the client
 * can show it from the same table.
 */
export interface Grade {
  grade: number;
  name: string;
  /** experience needed to reach this grade */
  experience: number;
}

export const GRADES: readonly Grade[] = [
  { grade: 0, name: '新手', experience: 0 },
  { grade: 1, name: '青铜', experience: 1_000 },
  { grade: 2, name: '白银', experience: 5_000 },
  { grade: 3, name: '黄金', experience: 20_000 },
  { grade: 4, name: '铂金', experience: 50_000 },
  { grade: 5, name: '钻石', experience: 100_000 },
  { grade: 6, name: '星耀', experience: 300_000 },
  { grade: 7, name: '王者', experience: 1_000_000 },
];

export function gradeOf(experience: number): Grade {
  let found = GRADES[0];
  for (const g of GRADES) if (experience >= g.experience) found = g;
  return found;
}

export function experienceData(experience: number) {
  const current = gradeOf(experience);
  const next = GRADES.find((g) => g.grade === current.grade + 1) ?? null;
  return {
    grade: current.grade,
    gradeName: current.name,
    experience,
    nextGrade: next?.grade ?? null,
    nextExperience: next?.experience ?? null,
    grades: GRADES.map((g) => ({ ...g })),
  };
}
