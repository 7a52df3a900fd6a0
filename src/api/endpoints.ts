/**
 * Every path the request functions beside this file call (spec §7), by function name. One list, so that
 * `npm run contract` (scripts/contract/) checks the paths the app calls: it cannot load the request
 * functions themselves (they need a browser). The dictionary's path is a switch (src/config/assumptions.ts),
 * the WeChat signature's is in src/lib/wechat.
 */
export const endpoints = {
  getUserManageProfile: '/api/v1/Account/GetUserManageProfile',
  loginManage: '/api/v1/Account/LoginManage',
  loginOut: '/api/v1/Account/LoginOut',
  loginWeChat: '/api/v1/Account/LoginWeChat',
  addRegistration: '/api/v1/ScreeningRegister/Add',
  deleteRegistration: '/api/v1/ScreeningRegister/Delete',
  getRegistrationDetail: '/api/v1/ScreeningRegister/GetDetail',
  searchRegistrations: '/api/v1/ScreeningRegister/Search',
  submitRegistration: '/api/v1/ScreeningRegister/Submit',
  bindSamplingTube: '/api/v1/Sampling/BindSamplingTube',
  downloadCheckReport: '/api/v1/Sampling/DownloadCheckReport',
  getSamplingTubeStatus: '/api/v1/Sampling/GetSamplingTubeStatus',
  pageCheckReport: '/api/v1/Sampling/PageCheckReport',
  updateSamplingOperation: '/api/v1/Sampling/UpdateSamplingOperation',
  getMessageDetail: '/api/v1/SystemMessage/GetDetail',
  pageRecipientMessage: '/api/v1/SystemMessage/PageRecipientMessage',
  readSystemMessage: '/api/v1/SystemMessage/ReadSystemMessage',
  downloadAttachment: '/api/v1/Attachement/Download',
  getAnnouncementDetail: '/api/v1/Announcement/GetDetail',
  pageAnnouncement: '/api/v1/Announcement/Page',
  addResponse: '/api/v1/Response/Add',
  getQuestionnaireDetail: '/api/v1/Questionnaire/GetDetail',
  getQuestionnaireList: '/api/v1/Questionnaire/GetList',
  getResponseDetail: '/api/v1/Response/GetDetail',
  pageResponse: '/api/v1/Response/Page',
  submitResponse: '/api/v1/Response/Submit',
  updateResponse: '/api/v1/Response/Update',
} as const;
