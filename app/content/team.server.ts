import type { Language } from '~/i18n/config'
import type { SiteSettings } from '~/config/site'
import { teamMemberSchema, type TeamMemberFile } from './schemas'
import { inLanguage, type InLanguage } from './localize'
import raw from '../../content/team.json'

const team: TeamMemberFile[] = teamMemberSchema.array().length(8).parse(raw)

export type TeamMember = InLanguage<TeamMemberFile>

export function listTeam(language: Language, site: SiteSettings): TeamMember[] {
  return team.map((member) => inLanguage(member, language, site))
}

/** The member with this id, or the first member for an unknown id. */
export function findTeamMemberOrFirst(id: number, language: Language, site: SiteSettings) {
  const member = team.find((candidate) => candidate.id === id) ?? team[0]!
  return { member: inLanguage(member, language, site), isFallback: member.id !== id }
}

export function allTeamIds(): number[] {
  return team.map((member) => member.id)
}
