/**
 * Every path the request functions beside this file call (spec §7), by function name. One module, so
 * that `npm run contract` (scripts/contract/) checks the paths the app calls: it cannot load the
 * request functions themselves (they need a browser). Each path is a named export (imported as a
 * namespace), so a page's chunk carries only the paths it calls; an object of them went whole into
 * the login page. The dictionary's path is a switch (src/config/assumptions.ts),
 * the WeChat signature's is in src/lib/wechat.
 */
export const getUserManageProfile = '/api/v1/Account/GetUserManageProfile';
export const loginManage = '/api/v1/Account/LoginManage';
export const loginOut = '/api/v1/Account/LoginOut';
export const loginWeChat = '/api/v1/Account/LoginWeChat';
export const addRegistration = '/api/v1/ScreeningRegister/Add';
export const deleteRegistration = '/api/v1/ScreeningRegister/Delete';
export const getRegistrationDetail = '/api/v1/ScreeningRegister/GetDetail';
export const searchRegistrations = '/api/v1/ScreeningRegister/Search';
export const submitRegistration = '/api/v1/ScreeningRegister/Submit';
export const bindSamplingTube = '/api/v1/Sampling/BindSamplingTube';
export const downloadCheckReport = '/api/v1/Sampling/DownloadCheckReport';
export const getSamplingTubeStatus = '/api/v1/Sampling/GetSamplingTubeStatus';
export const pageCheckReport = '/api/v1/Sampling/PageCheckReport';
export const updateSamplingOperation = '/api/v1/Sampling/UpdateSamplingOperation';
export const getMessageDetail = '/api/v1/SystemMessage/GetDetail';
export const pageRecipientMessage = '/api/v1/SystemMessage/PageRecipientMessage';
export const readSystemMessage = '/api/v1/SystemMessage/ReadSystemMessage';
export const downloadAttachment = '/api/v1/Attachement/Download';
export const getAnnouncementDetail = '/api/v1/Announcement/GetDetail';
export const pageAnnouncement = '/api/v1/Announcement/Page';
export const addResponse = '/api/v1/Response/Add';
export const getQuestionnaireDetail = '/api/v1/Questionnaire/GetDetail';
export const getQuestionnaireList = '/api/v1/Questionnaire/GetList';
export const getResponseDetail = '/api/v1/Response/GetDetail';
export const pageResponse = '/api/v1/Response/Page';
export const submitResponse = '/api/v1/Response/Submit';
export const updateResponse = '/api/v1/Response/Update';
